module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'server-core',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
