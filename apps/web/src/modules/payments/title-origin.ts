/**
 * Router state that carries the title a payment started from, so /payment-success can lead back to it. `kind`
 * 'series' leads back to the series page (issue 13); absent, to the movie's page.
 */
export type TitleOrigin = { from: { movieId: string; title: string; kind?: 'series' } };

export const titleOrigin = (movieId: string, title: string, kind?: 'movie' | 'series'): TitleOrigin => ({
  from: kind === 'series' ? { movieId, title, kind } : { movieId, title },
});

/** The title in router state, or null (state survives reloads and may hold anything). */
export const titleOriginFrom = (state: unknown): TitleOrigin['from'] | null => {
  if (typeof state !== 'object' || state === null || !('from' in state)) return null;
  const { from } = state as { from: unknown };
  if (typeof from !== 'object' || from === null) return null;
  const { movieId, title, kind } = from as Partial<Record<'movieId' | 'title' | 'kind', unknown>>;
  if (typeof movieId !== 'string' || movieId === '' || typeof title !== 'string') return null;
  return kind === 'series' ? { movieId, title, kind } : { movieId, title };
};
