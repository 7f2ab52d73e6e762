/** TanStack Query keys of the viewer's data, per user, so a change can refresh every answer it touches. */
export const viewerDataKeys = {
  all: ['viewer-data'] as const,
  ofUser: (userId: string) => [...viewerDataKeys.all, userId] as const,
  favorites: (userId: string) => [...viewerDataKeys.ofUser(userId), 'favorites'] as const,
  /** Every cached page of the history. */
  history: (userId: string) => [...viewerDataKeys.ofUser(userId), 'history'] as const,
  historyPage: (userId: string, page: number) => [...viewerDataKeys.history(userId), page] as const,
  continueWatching: (userId: string) => [...viewerDataKeys.ofUser(userId), 'continue-watching'] as const,
  analytics: (userId: string) => [...viewerDataKeys.ofUser(userId), 'analytics'] as const,
  settings: (userId: string) => [...viewerDataKeys.ofUser(userId), 'settings'] as const,
};
