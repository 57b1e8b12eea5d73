const { rmSync } = require('node:fs');

module.exports = async () => {
  for (const file of [process.env.ONSITE_TEST_TEMPLATE, process.env.ONSITE_TEST_FRESH_PGLITE]) if (file) rmSync(file, { force: true });
};
