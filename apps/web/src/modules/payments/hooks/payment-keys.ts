/** TanStack Query keys of payments, so a payment can refresh every answer it changes. */
export const paymentKeys = {
  all: ['payments'] as const,
  plans: () => [...paymentKeys.all, 'plans'] as const,
  config: () => [...paymentKeys.all, 'config'] as const,
  /** Every viewer's answer for one title (the answer differs for a visitor, a user, an admin). */
  entitlements: (movieId: string) => [...paymentKeys.all, 'entitlement', movieId] as const,
  entitlement: (movieId: string, viewerId: string | null) =>
    [...paymentKeys.entitlements(movieId), viewerId ?? 'visitor'] as const,
  /** The answers behind a screen's card badges (every batch of a viewer, so a payment can refresh them all). */
  cards: () => [...paymentKeys.all, 'cards'] as const,
  cardsOf: (viewerId: string, movieIds: readonly string[]) =>
    [...paymentKeys.cards(), viewerId, ...movieIds] as const,
  subscription: (userId: string) => [...paymentKeys.all, 'subscription', userId] as const,
  ownedTitles: (userId: string) => [...paymentKeys.all, 'titles', userId] as const,
  billing: (userId: string) => [...paymentKeys.all, 'billing', userId] as const,
  billingProfile: (userId: string) => [...paymentKeys.all, 'billing-profile', userId] as const,
  trial: (userId: string) => [...paymentKeys.all, 'trial', userId] as const,
};
