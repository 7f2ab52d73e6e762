module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'user-data-service',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
