/** TanStack Query keys of the player. */
export const playerKeys = {
  all: ['player'] as const,
  /** One playback per title and viewer; `attempt` starts a fresh one (after "Stop that stream", "Play here"). */
  session: (movieId: string, viewerId: string | null, attempt: number) =>
    [...playerKeys.all, 'session', movieId, viewerId ?? 'visitor', attempt] as const,
  /** What starting would find (access, resume point); `attempt` asks again after "Play here". */
  preview: (movieId: string, viewerId: string | null, attempt: number) =>
    [...playerKeys.all, 'preview', movieId, viewerId ?? 'visitor', attempt] as const,
  streams: (viewerId: string | null) => [...playerKeys.all, 'streams', viewerId ?? 'visitor'] as const,
};
