import { viteEnv } from './vite-env';

const withoutTrailingSlash = (url: string): string => url.replace(/\/+$/, '');

/** Build-time settings of the web app, read once. */
export const config = {
  /** Origin of the JSON API; '' is the page's own origin (the gateway, or Vite's proxy in development). */
  apiBaseUrl: withoutTrailingSlash(viteEnv.VITE_API_BASE_URL ?? ''),
  /** Base of the movie-image service; posters resolve to `${imageBaseUrl}/w500${path}`. */
  imageBaseUrl: withoutTrailingSlash(viteEnv.VITE_IMAGE_BASE_URL ?? '/images'),
} as const;
