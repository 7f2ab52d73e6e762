/** Shown when a title has no usable poster, and when its poster fails to load (SPEC 2 "Movie card"). */
export const PLACEHOLDER_POSTER = '/placeholder-poster.svg';

/** Posters are requested at this width from the image service (SPEC 9). */
const POSTER_WIDTH = 'w500';

/**
 * The poster rule: an absolute URL is used as is; a path starting with '/' is resolved against the
 * image service at width 500; anything else gets the placeholder.
 */
export const posterSrc = (posterUrl: string | null | undefined, imageBaseUrl: string): string => {
  if (!posterUrl) return PLACEHOLDER_POSTER;
  if (posterUrl.startsWith('http')) return posterUrl;
  if (posterUrl.startsWith('/')) return `${imageBaseUrl.replace(/\/+$/, '')}/${POSTER_WIDTH}${posterUrl}`;
  return PLACEHOLDER_POSTER;
};
