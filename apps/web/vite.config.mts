import { readdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import tsconfigPaths from 'vite-tsconfig-paths';

const root = fileURLToPath(new URL('.', import.meta.url));

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats worth compressing; images, fonts and video are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|map|webmanifest)$/;

const filesUnder = async (dir: string): Promise<string[]> => {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) =>
      entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
    ),
  );
  return nested.flat();
};

/**
 * After the build, writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip -9) beside every text
 * file of the output, so the gateway serves them without compressing on each request. A variant that is
 * not smaller than the file is not written.
 */
const precompress = (): Plugin => {
  let outDir = '';
  return {
    name: 'streamly:precompress',
    apply: 'build',
    configResolved: (config) => {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: async () => {
      const files = (await filesUnder(outDir)).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(
        files.map(async (file) => {
          const raw = await readFile(file);
          const variants: Array<[string, Buffer]> = [
            [
              '.br',
              await brotli(raw, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
                },
              }),
            ],
            ['.gz', await gzipAsync(raw, { level: constants.Z_BEST_COMPRESSION })],
          ];
          await Promise.all(
            variants
              .filter(([, packed]) => packed.length < raw.length)
              .map(([suffix, packed]) => writeFile(`${file}${suffix}`, packed)),
          );
        }),
      );
    },
  };
};

/** The gateway answers the API, the posters and the streams on one origin (SPEC 7: port 5000). */
const gatewayUrl = 'http://localhost:5000';
const proxy = Object.fromEntries(['/api', '/images', '/stream'].map((prefix) => [prefix, gatewayUrl]));

/** The framework every page needs. The rest of node_modules (zod, altcha, …) goes with the lazy page that uses it. */
const framework =
  /[\\/]node_modules[\\/](?:react|react-dom|scheduler|react-router|react-router-dom|@tanstack[\\/](?:react-query|query-core))[\\/]/;

/**
 * Code of React Router's build that a declarative router (BrowserRouter + useRoutes, no framework mode) never runs,
 * which the bundler keeps only because it cannot see that (issue 26's budget for the landing page's first script):
 * - `Link`, `NavLink` and `Form` are made by `forwardRef` calls the package leaves unmarked, and named afterwards:
 *   marked pure and left unnamed, `Form` (never imported here) and the submission code under it are dropped;
 * - a Link's `prefetch` renders framework mode's <PrefetchPageLinks> (it throws outside a framework router, and no
 *   Link here asks for it): the module-manifest prefetching it would pull in is dropped.
 * A pattern that no longer matches (another React Router) is reported, and that code simply stays.
 */
const declarativeRouterTrims: Array<[RegExp, string]> = [
  [/= (React\d*\.forwardRef\()/g, '= /* @__PURE__ */ $1'],
  [/^(?:Link|NavLink|Form)\.displayName = "\w+";$/gm, ''],
  [/React\d*\.createElement\(PrefetchPageLinks, \{ page: href \}\)/, 'null'],
];

/**
 * React Router's package exports only its development build (dev warnings on, which no minifier can drop); its
 * production build is the same code with them off. A build takes that one, through both of its entry points, with
 * the trims above; the dev server keeps the warnings.
 */
const reactRouterProduction = (): Plugin => {
  const dist = path.join(
    path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
    'dist/production',
  );
  return {
    name: 'streamly:react-router-production',
    apply: 'build',
    config: () => ({
      resolve: {
        alias: [
          { find: /^react-router$/, replacement: path.join(dist, 'index.mjs') },
          { find: /^react-router\/dom$/, replacement: path.join(dist, 'dom-export.mjs') },
        ],
      },
    }),
    transform: {
      filter: { id: /react-router[\\/]dist[\\/]production[\\/]chunk-/, code: 'var Link = ' },
      handler(code) {
        let trimmed = code;
        for (const [pattern, replacement] of declarativeRouterTrims) {
          if (!pattern.test(trimmed)) this.warn(`React Router's build no longer matches ${String(pattern)}`);
          pattern.lastIndex = 0;
          trimmed = trimmed.replace(pattern, replacement);
        }
        return { code: trimmed, map: null };
      },
    },
  };
};

export default defineConfig({
  root,
  cacheDir: '../../node_modules/.vite/apps/web',
  plugins: [
    react(),
    tsconfigPaths({ root, projects: ['tsconfig.json'] }),
    reactRouterProduction(),
    precompress(),
  ],
  server: { port: 5173, strictPort: true, proxy },
  preview: { port: 4173, strictPort: true, proxy },
  build: {
    outDir: '../../dist/apps/web',
    emptyOutDir: true,
    reportCompressedSize: false,
    // Every browser the app supports knows <link rel="modulepreload">; the polyfill would only add bytes.
    modulePreload: { polyfill: false },
    // Fonts stay files: a face limited by unicode-range is fetched only by a page that draws its characters, which a
    // data: URL inside the stylesheet would make every page pay for.
    assetsInlineLimit: (file) => (file.endsWith('.woff2') ? false : undefined),
    // Rolldown (Vite 8) options.
    rolldownOptions: {
      // The contracts only declare constants and zod schemas. Declared free of side effects, a contracts file
      // that a chunk takes nothing from is left out of it: the landing page gets ErrorCode and Role (zod-free
      // files) without zod.
      treeshake: { moduleSideEffects: [{ test: /[\\/]libs[\\/]contracts[\\/]/, sideEffects: false }] },
      output: {
        codeSplitting: {
          groups: [
            // Its own long-cached chunk: a release that changes only app code leaves it in the browser's cache.
            // Only what the first screen runs: the framework's parts that only later pages use (mutations) wait
            // for them in a chunk of their own.
            { name: 'vendor', test: framework, tags: ['$initial'], priority: 3 },
            { name: 'framework-lazy', test: framework, priority: 2 },
            // The rest of what the entry needs in one chunk rather than several small shared ones.
            { name: 'app', tags: ['$initial'], priority: 1 },
            // Payments (access panel, plans, checkout) is shared by several lazy pages: one chunk rather than a
            // dozen small ones, each of which would add a name to the entry's preload map.
            { name: 'payments', test: /[\\/]src[\\/]modules[\\/]payments[\\/]/, priority: 0 },
          ],
        },
      },
    },
  },
});
