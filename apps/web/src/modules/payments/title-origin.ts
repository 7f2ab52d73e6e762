/** Router state that carries the title a payment started from, so /payment-success can lead back to it. */
export type TitleOrigin = { from: { movieId: string; title: string } };

export const titleOrigin = (movieId: string, title: string): TitleOrigin => ({ from: { movieId, title } });

/** The title in router state, or null (state survives reloads and may hold anything). */
export const titleOriginFrom = (state: unknown): TitleOrigin['from'] | null => {
  if (typeof state !== 'object' || state === null || !('from' in state)) return null;
  const { from } = state as { from: unknown };
  if (typeof from !== 'object' || from === null) return null;
  const { movieId, title } = from as Partial<Record<'movieId' | 'title', unknown>>;
  return typeof movieId === 'string' && movieId !== '' && typeof title === 'string'
    ? { movieId, title }
    : null;
};
