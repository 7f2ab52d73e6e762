import type { Plan } from '@app/contracts';
import type { TFunction } from 'i18next';

/**
 * A plan card's lines in the interface's language, written from the plan's typed facts (quality, premium titles,
 * early access, screens) rather than shown from the catalogue's `features`, which payment-service keeps in English
 * for other readers of the API. The facts are what the product enforces; the words are the web's to translate.
 */
export const planFeatures = (plan: Plan, t: TFunction<'payments'>): string[] => [
  t(`planFeatures.free.${plan.quality}`),
  plan.premiumContent
    ? t(`planFeatures.premiumIncluded.${plan.quality}`)
    : t('planFeatures.premiumBuyOrRent'),
  ...(plan.earlyAccess ? [t('planFeatures.earlyAccess')] : []),
  t('planFeatures.screens', { count: plan.screens }),
];
