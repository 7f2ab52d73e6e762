import type { Entitlement } from '@app/contracts';
import { rentalTime } from './rental-clock';
import { paymentStrings as texts } from './strings';

/**
 * What a card says of the viewer's access to its title, read from the entitlement answer at `now` (DECISIONS
 * 6-8): "Owned", a rental with its time left (DECISIONS 7), "Subscription Required" only where the answer
 * refuses; nothing where the viewer can watch otherwise (a free title, their plan, an admin).
 */
export const accessBadge = (entitlement: Entitlement, now: number): string | undefined => {
  if (entitlement.purchasedAt && entitlement.canWatch) return texts.badges.owned;
  const rental = entitlement.rental ? rentalTime(entitlement.rental, now) : null;
  if (entitlement.canWatch && rental) {
    switch (rental.kind) {
      case 'to-start':
        return texts.rentedDaysToStart(rental.days);
      case 'hours':
        return texts.rentedHoursLeft(rental.hours);
      case 'minutes':
        return texts.rentedMinutesLeft(rental.minutes);
      case 'ended':
        // Ran out while the page was open: the viewer needs a way in again, unless a plan lets them in.
        return entitlement.reason === 'rental' ? texts.badges.rentalEnded : undefined;
    }
  }
  if (entitlement.canWatch) return undefined;
  switch (entitlement.reason) {
    case 'rental-expired':
      return texts.badges.rentalEnded;
    case 'premium-required':
      return texts.badges.subscriptionRequired;
    case 'licence-ended':
      return texts.badges.licenceEnded;
    case 'sign-in-required':
    case 'admin':
    case 'free':
    case 'plan':
    case 'purchase':
    case 'rental':
      return undefined;
  }
};
