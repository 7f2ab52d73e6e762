/** TanStack Query keys of the profiles feature. The list is per session: a new token acts as another profile. */
export const profileKeys = {
  all: ['profiles'] as const,
  list: (token: string) => [...profileKeys.all, token] as const,
};
