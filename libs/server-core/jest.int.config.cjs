module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'server-core:int',
  rootDir: __dirname,
  testMatch: ['<rootDir>/test/**/*.int-spec.ts'],
  globalSetup: '<rootDir>/../server-testing/src/jest/global-setup.ts',
  globalTeardown: '<rootDir>/../server-testing/src/jest/global-teardown.ts',
  maxWorkers: 1,
  testTimeout: 60000,
};
