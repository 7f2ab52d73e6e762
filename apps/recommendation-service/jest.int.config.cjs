module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'recommendation-service:int',
  rootDir: __dirname,
  testMatch: ['<rootDir>/test/**/*.int-spec.ts'],
  globalSetup: '<rootDir>/../../libs/server-testing/src/jest/global-setup.ts',
  globalTeardown: '<rootDir>/../../libs/server-testing/src/jest/global-teardown.ts',
  maxWorkers: 1,
  testTimeout: 120000,
};
