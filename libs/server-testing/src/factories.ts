import { AccessReason, MovieAccess, Quality } from '@app/contracts';
import type { Entitlement, EventPayload } from '@app/contracts';

/** payment-service's answer for a viewer who may watch `movieId` on the Standard plan: HD on 2 screens. */
export const planEntitlement = (movieId: string, overrides: Partial<Entitlement> = {}): Entitlement => ({
  movieId,
  access: MovieAccess.Premium,
  canWatch: true,
  reason: AccessReason.Plan,
  quality: Quality.HD,
  screens: 2,
  plan: { id: 'standard', name: 'Standard' },
  purchasedAt: null,
  rental: null,
  changesAt: null,
  waysIn: { plans: [], purchaseInr: null, rentalInr: null },
  ...overrides,
});

/**
 * `userId`'s player on `movieId` reporting a tick as streaming-service publishes it (`watch.progressed`): 10 s
 * watched of a 90-minute title, at the position and time given.
 */
export const progressReport = (
  userId: string,
  movieId: string,
  report: Pick<EventPayload<'watch.progressed'>, 'positionSeconds' | 'reportedAt'> &
    Partial<EventPayload<'watch.progressed'>>,
): EventPayload<'watch.progressed'> => ({
  userId,
  movieId,
  durationSeconds: 5400,
  event: 'tick',
  leaseId: 'lease-0001',
  watchedSeconds: 10,
  ...report,
});
