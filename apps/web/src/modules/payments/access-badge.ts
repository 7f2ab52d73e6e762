import type { Entitlement } from '@app/contracts';
import type { TFunction } from 'i18next';
import { rentalTime } from './rental-clock';

/**
 * What a card says of the viewer's access to its title, read from the entitlement answer at `now` (DECISIONS
 * 6-8): "Owned", a rental with its time left (DECISIONS 7), "Subscription Required" only where the answer
 * refuses; nothing where the viewer can watch otherwise (a free title, their plan, an admin).
 */
export const accessBadge = (
  entitlement: Entitlement,
  now: number,
  t: TFunction<'payments'>,
): string | undefined => {
  if (entitlement.purchasedAt && entitlement.canWatch) return t('badges.owned');
  const rental = entitlement.rental ? rentalTime(entitlement.rental, now) : null;
  if (entitlement.canWatch && rental) {
    switch (rental.kind) {
      case 'to-start':
        return t('rentedDaysToStart', { count: rental.days });
      case 'hours':
        return t('rentedHoursLeft', { hours: rental.hours });
      case 'minutes':
        return t('rentedMinutesLeft', { count: rental.minutes });
      case 'ended':
        // Ran out while the page was open: the viewer needs a way in again, unless a plan lets them in.
        return entitlement.reason === 'rental' ? t('badges.rentalEnded') : undefined;
    }
  }
  if (entitlement.canWatch) return undefined;
  switch (entitlement.reason) {
    case 'rental-expired':
      return t('badges.rentalEnded');
    case 'premium-required':
      return t('badges.subscriptionRequired');
    case 'licence-ended':
      return t('badges.licenceEnded');
    case 'sign-in-required':
    case 'admin':
    case 'free':
    case 'plan':
    case 'purchase':
    case 'rental':
      return undefined;
  }
};
