// The launcher's own servers: each test starts what it checks, so no global setup (and no MONGODB_URI) is used.
module.exports = require('../../jest.int.preset.cjs').intConfig(__dirname, 'local-infra', {
  sharedInfra: false,
});
