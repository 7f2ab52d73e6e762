// Browser journeys: run by `npm test` against the whole system (E2E_BASE_URL), one browser at a time.
module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'web-e2e',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.e2e-spec.ts'],
  maxWorkers: 1,
  testTimeout: 60000,
};
