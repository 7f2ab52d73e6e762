module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'catalogue-service',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
