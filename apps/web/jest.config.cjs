const preset = require('../../jest.preset.cjs');

module.exports = {
  ...preset,
  displayName: 'web',
  rootDir: __dirname,
  // jsdom plus the fetch family from Node (jsdom has no fetch).
  testEnvironment: '<rootDir>/test/jest-environment.cjs',
  setupFiles: ['<rootDir>/test/jest-setup.cjs'],
  // i18next started in English with every catalogue (issue 26).
  setupFilesAfterEnv: ['<rootDir>/test/testing-library-setup.cjs', '<rootDir>/src/app/i18n.jest-setup.ts'],
  testMatch: ['<rootDir>/src/**/*.spec.ts?(x)'],
  // The longest unit target (about 160 s on one core): in `npm test` it ends the lint/types/unit step alone, so it
  // takes both cores then; beside other tasks the two workers simply share them.
  maxWorkers: 2,
  // First match wins: the stubs come before the alias that would otherwise resolve them to real files.
  moduleNameMapper: {
    '\\.css$': '<rootDir>/test/css-module.stub.cjs',
    // import.meta.env exists only under Vite; jest runs CommonJS.
    '(^|/)vite-env$': '<rootDir>/test/vite-env.stub.cjs',
    // jsdom plays no video: the media-chrome / hls.js surface of the player is a plain <video> under jest.
    '^\\./PlayerSurface$': '<rootDir>/src/modules/player/testing/PlayerSurface.stub.tsx',
    ...preset.moduleNameMapper,
    '^@web/(.*)$': '<rootDir>/src/$1',
  },
};
