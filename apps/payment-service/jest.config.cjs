module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'payment-service',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
