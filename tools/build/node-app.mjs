// Bundles one Node app (a NestJS service or the gateway) into dist/apps/<app>/main.js.
// esbuild bundles our own code and resolves the tsconfig path aliases; npm packages stay external
// (the image installs production node_modules). SWC compiles each TypeScript file first because
// esbuild cannot emit the decorator metadata Nest's dependency injection reads.
import { build } from 'esbuild';
import { transformFile } from '@swc/core';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const swcDecorators = {
  name: 'swc-decorators',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async ({ path: file }) => {
      const { code } = await transformFile(file, {
        jsc: {
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true },
          target: 'es2022',
          keepClassNames: true,
        },
        module: { type: 'es6' },
        sourceMaps: 'inline',
      });
      return { contents: code, loader: 'js' };
    });
  },
};

export const buildNodeApp = async (
  app,
  entry = `apps/${app}/src/main.ts`,
  outfile = `dist/apps/${app}/main.js`,
) => {
  if (!existsSync(path.resolve(root, entry))) throw new Error(`No entry point ${entry}`);
  await build({
    absWorkingDir: root,
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    packages: 'external',
    tsconfig: 'tsconfig.base.json',
    sourcemap: true,
    keepNames: true,
    logLevel: 'warning',
    plugins: [swcDecorators],
  });
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [app, entry, outfile] = process.argv.slice(2);
  if (!app) {
    console.error('usage: node tools/build/node-app.mjs <app> [entry] [outfile]');
    process.exit(2);
  }
  await buildNodeApp(app, entry, outfile);
}
