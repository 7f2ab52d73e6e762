import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import tsconfigPaths from 'vite-tsconfig-paths';
import { precompress } from './precompress';

const root = fileURLToPath(new URL('.', import.meta.url));

/** The gateway answers the API, the posters and the streams on one origin (SPEC 7: port 5000). */
const gatewayUrl = 'http://localhost:5000';
const proxy = Object.fromEntries(
  ['/api', '/images', '/stream'].map((prefix) => [prefix, gatewayUrl]),
);

/** The framework every page needs. The rest of node_modules (zod, altcha, …) goes with the lazy page that uses it. */
const framework = /[\\/]node_modules[\\/](?:react|react-dom|scheduler|react-router|react-router-dom|@tanstack[\\/](?:react-query|query-core))[\\/]/;

export default defineConfig({
  root,
  cacheDir: '../../node_modules/.vite/apps/web',
  plugins: [react(), tsconfigPaths({ root, projects: ['tsconfig.json'] }), precompress()],
  server: { port: 5173, strictPort: true, proxy },
  preview: { port: 4173, strictPort: true, proxy },
  build: {
    outDir: '../../dist/apps/web',
    emptyOutDir: true,
    reportCompressedSize: false,
    // Every browser the app supports knows <link rel="modulepreload">; the polyfill would only add bytes.
    modulePreload: { polyfill: false },
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
            { name: 'vendor', test: framework, priority: 2 },
            // The rest of what the entry needs in one chunk rather than several small shared ones.
            { name: 'app', tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
});
