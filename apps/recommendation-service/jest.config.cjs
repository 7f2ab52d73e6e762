module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'recommendation-service',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
