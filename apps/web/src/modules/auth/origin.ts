import type { Location } from 'react-router-dom';

/** What the route guard passes to a login page: the location the visitor asked for. */
export type GuardState = { from: Pick<Location, 'pathname' | 'search' | 'hash'> };

/** The requested location from router state, as a path to go back to; null when there is none. */
export const originFrom = (state: unknown): string | null => {
  if (typeof state !== 'object' || state === null || !('from' in state)) return null;
  const { from } = state as { from: unknown };
  if (typeof from !== 'object' || from === null) return null;
  const { pathname, search, hash } = from as Partial<Record<'pathname' | 'search' | 'hash', unknown>>;
  // Only paths inside this app: never an absolute URL smuggled into state.
  if (typeof pathname !== 'string' || !pathname.startsWith('/') || pathname.startsWith('//')) return null;
  return `${pathname}${typeof search === 'string' ? search : ''}${typeof hash === 'string' ? hash : ''}`;
};
