import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import tsconfigPaths from 'vite-tsconfig-paths';

const root = fileURLToPath(new URL('.', import.meta.url));

/** The gateway answers the API, the posters and the streams on one origin (SPEC 7: port 5000). */
const gatewayUrl = 'http://localhost:5000';
const proxy = Object.fromEntries(
  ['/api', '/images', '/stream'].map((prefix) => [prefix, gatewayUrl]),
);

export default defineConfig({
  root,
  cacheDir: '../../node_modules/.vite/apps/web',
  plugins: [react(), tsconfigPaths({ root, projects: ['tsconfig.json'] })],
  server: { port: 5173, strictPort: true, proxy },
  preview: { port: 4173, strictPort: true, proxy },
  build: {
    outDir: '../../dist/apps/web',
    emptyOutDir: true,
    reportCompressedSize: false,
  },
});
