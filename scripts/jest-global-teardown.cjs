const { rmSync } = require('node:fs');

module.exports = async () => {
  if (process.env.ONSITE_TEST_TEMPLATE) rmSync(process.env.ONSITE_TEST_TEMPLATE, { force: true });
};
