/** TanStack Query keys of the viewer's data, per user, so a change can refresh every answer it touches. */
export const userDataKeys = {
  all: ['user-data'] as const,
  ofUser: (userId: string) => [...userDataKeys.all, userId] as const,
  favorites: (userId: string) => [...userDataKeys.ofUser(userId), 'favorites'] as const,
  /** Every cached page of the history. */
  history: (userId: string) => [...userDataKeys.ofUser(userId), 'history'] as const,
  historyPage: (userId: string, page: number) => [...userDataKeys.history(userId), page] as const,
  continueWatching: (userId: string) => [...userDataKeys.ofUser(userId), 'continue-watching'] as const,
  analytics: (userId: string) => [...userDataKeys.ofUser(userId), 'analytics'] as const,
  settings: (userId: string) => [...userDataKeys.ofUser(userId), 'settings'] as const,
};
