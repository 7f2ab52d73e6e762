/**
 * Whether the request target `url` (path and query, as Fastify's `request.url` has it) is `prefix` or below it: a
 * prefix is whole path segments, so `/api` takes `/api`, `/api/movies` and `/api?x`, never `/apix`. Letter case
 * matters not, as in the gateway's router.
 */
export const isUnder = (url: string, prefix: string): boolean => {
  const path = url.length > prefix.length ? url.slice(0, prefix.length) : url;
  if (path.toLowerCase() !== prefix) return false;
  const next = url.charAt(prefix.length);
  return next === '' || next === '/' || next === '?';
};
