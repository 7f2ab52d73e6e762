import type { OwnedTitle } from '@app/contracts';
import { GrantKind } from './grant.schema';
import type { StoredGrant } from './grants.repository';
import type { TitleGrant } from './entitlement-decision';
import { isRentalActive, toRentalClock } from './rental-clock';

/** A purchase or rental grant as the entitlement decision takes it; subscription grants are not title grants. */
export const toTitleGrant = (grant: StoredGrant): TitleGrant | null => {
  switch (grant.kind) {
    case GrantKind.Purchase:
      return { kind: 'purchase', grantedAt: grant.grantedAt };
    case GrantKind.Rental:
      return grant.rental ? { kind: 'rental', grantedAt: grant.grantedAt, rental: grant.rental } : null;
    case GrantKind.Subscription:
      return null;
  }
};

/** My titles (DECISIONS 22): a purchase or rental with its clocks; inactive once refunded or run out. */
export const toOwnedTitle = (grant: StoredGrant, now: Date): OwnedTitle | null => {
  if (grant.kind === GrantKind.Subscription || !grant.movieId) return null;
  const rental = grant.kind === GrantKind.Rental && grant.rental ? grant.rental : null;
  return {
    movieId: grant.movieId,
    title: grant.title ?? '',
    kind: grant.kind,
    acquiredAt: grant.grantedAt.toISOString(),
    rental: rental ? toRentalClock(rental) : null,
    active: grant.revokedAt === null && (rental ? isRentalActive(rental, now) : true),
  };
};
