module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'auth-service',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
