// The launcher's own servers: each test starts what it checks, so no global setup (and no MONGODB_URI) is used.
module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'local-infra:int',
  rootDir: __dirname,
  testMatch: ['<rootDir>/test/**/*.int-spec.ts'],
  maxWorkers: 1,
  testTimeout: 60000,
};
