module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'server-testing:int',
  rootDir: __dirname,
  testMatch: ['<rootDir>/test/**/*.int-spec.ts'],
  globalSetup: '<rootDir>/src/jest/global-setup.ts',
  globalTeardown: '<rootDir>/src/jest/global-teardown.ts',
  maxWorkers: 1,
  testTimeout: 60000,
};
