module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'streaming-service',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
