// Browser journeys: run by `npm test` against the whole system (E2E_BASE_URL), two spec files at a time (each
// journey signs up viewers of its own; they wait on the system far more than they use a core: 391 s one at a time).
module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'web-e2e',
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.e2e-spec.ts'],
  maxWorkers: 2,
  testTimeout: 60000,
};
