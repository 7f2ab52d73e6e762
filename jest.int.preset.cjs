// Shared settings of every project's integration tests (`*.int-spec.ts` under test/): one worker, long timeouts,
// and MongoDB/Redis from libs/server-testing's global setup unless the project starts its own servers.
const path = require('node:path');

const serverTesting = path.join(__dirname, 'libs/server-testing/src/jest');

/** `module.exports = intConfig(__dirname, 'name')` in a project's jest.int.config.cjs. */
const intConfig = (rootDir, displayName, { sharedInfra = true } = {}) => ({
  ...require('./jest.preset.cjs'),
  displayName: `${displayName}:int`,
  rootDir,
  testMatch: ['<rootDir>/test/**/*.int-spec.ts'],
  ...(sharedInfra && {
    globalSetup: path.join(serverTesting, 'global-setup.ts'),
    globalTeardown: path.join(serverTesting, 'global-teardown.ts'),
  }),
  maxWorkers: 1,
  testTimeout: 60000,
});

module.exports = { intConfig };
