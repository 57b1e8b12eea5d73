// One seeded database per jest run: the first api test server of the run seeds an in-memory PGlite and saves a
// copy here; every later server opens from that copy (services/api/src/test-support/test-app.ts).
const { randomUUID } = require('node:crypto');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

module.exports = async () => {
  process.env.ONSITE_TEST_TEMPLATE = join(tmpdir(), `onsite-test-seeded-${randomUUID()}.db`);
};
