import type { Plan } from '@app/contracts';
import { amountPerMonth } from './plan-catalogue';
import type { StoredPlan } from './plans.repository';

export const toPlan = (doc: StoredPlan): Plan => ({
  id: doc._id,
  name: doc.name,
  priceInr: doc.priceInr,
  months: doc.months,
  amountPerMonthInr: amountPerMonth(doc),
  quality: doc.quality,
  screens: doc.screens,
  premiumContent: doc.premiumContent,
  earlyAccess: doc.earlyAccess,
  features: [...doc.features],
});
