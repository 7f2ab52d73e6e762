// Shared jest settings: SWC transpiles TS/TSX (with decorator metadata for Nest), aliases come from tsconfig.base.json.
const path = require('node:path');
const { compilerOptions } = require('./tsconfig.base.json');

const moduleNameMapper = Object.fromEntries(
  Object.entries(compilerOptions.paths).map(([alias, [target]]) => [
    `^${alias.replace('/', '\\/').replace('*', '(.*)')}$`,
    path.join(__dirname, target.replace('*', '$1')),
  ]),
);

const swc = {
  jsc: {
    parser: { syntax: 'typescript', tsx: true, decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
    target: 'es2022',
  },
  module: { type: 'commonjs' },
  sourceMaps: 'inline',
};

module.exports = {
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j)sx?$': ['@swc/jest', swc] },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
  moduleNameMapper,
  clearMocks: true,
  // A guard against a stuck test, not a speed check: on this shared 2-core machine a loaded CI run has taken over
  // Jest's default 5 s for a cold first step (a lazily loaded page compiling, a child process loading pdf.js).
  testTimeout: 20_000,
  reporters: ['default', path.join(__dirname, 'tools/ci/count-reporter.cjs')],
};
