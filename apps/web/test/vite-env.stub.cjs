// Stands in for src/shared/config/vite-env.ts under jest: no VITE_* values, so config defaults apply.
module.exports = { viteEnv: { MODE: 'test', DEV: false, PROD: false, SSR: false, BASE_URL: '/' } };
