import { readFileSync } from 'node:fs';
import Module from 'node:module';
import { join } from 'node:path';

/**
 * Jest maps the tsconfig path aliases (`@app/...`) for test files only, not for globalSetup / globalTeardown,
 * so the global setup resolves them here before it loads anything that imports one.
 */
const root = join(__dirname, '..', '..', '..', '..');
const { compilerOptions } = JSON.parse(readFileSync(join(root, 'tsconfig.base.json'), 'utf8')) as {
  compilerOptions: { paths: Record<string, string[]> };
};
const aliases = new Map(
  Object.entries(compilerOptions.paths).map(([alias, [target]]) => [alias, join(root, target)]),
);

type ResolveFilename = (request: string, ...rest: unknown[]) => string;
const resolver = Module as unknown as { _resolveFilename: ResolveFilename };
const resolveFilename = resolver._resolveFilename;
resolver._resolveFilename = (request, ...rest) =>
  resolveFilename.call(Module, aliases.get(request) ?? request, ...rest);
