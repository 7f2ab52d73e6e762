import type { Promo } from '@app/contracts';

const rupees = (paise: number) => `₹${paise % 100 === 0 ? paise / 100 : (paise / 100).toFixed(2)}`;

/** Every visible text of the admin Promo codes tab (issue 27). */
export const adminPromoStrings = {
  title: 'Promo codes',
  createTitle: 'New promo code',
  code: 'Code',
  codeHint: '3-20 letters, digits, - or _ (stored in capitals)',
  description: 'Note (for admins)',
  kind: 'Discount',
  kinds: { percent: 'Percent off', flat: 'Flat ₹ off' },
  percentOff: 'Percent off (1-99)',
  amountOff: 'Rupees off',
  titles: 'Titles',
  titlesHint: 'Blank: every title. Or title ids, separated by commas.',
  purchases: 'Purchases',
  rentals: 'Rentals',
  plansNote: 'Plans take no promo code yet.',
  validFrom: 'Valid from',
  validTo: 'Valid until',
  totalLimit: 'Total uses (blank: no limit)',
  perAccountLimit: 'Uses per account',
  create: 'Create code',
  creating: 'Creating...',
  created: (code: string) => `Promo code ${code} created.`,
  createFailed: 'The code could not be created.',
  listCaption: 'Promo codes, newest first',
  empty: 'No promo codes yet.',
  loadFailed: 'Promo codes could not be loaded.',
  columns: {
    code: 'Code',
    discount: 'Discount',
    appliesTo: 'Applies to',
    valid: 'Valid',
    uses: 'Paid / held / limit',
    status: 'Status',
    actions: 'Actions',
  },
  discountOf: (promo: Promo) =>
    promo.discount.kind === 'percent'
      ? `${promo.discount.percentOff}% off`
      : `${rupees(promo.discount.amountOffPaise)} off`,
  appliesToOf: (promo: Promo) =>
    `${promo.appliesTo.titles === 'all' ? 'every title' : `${promo.appliesTo.titles.length} title(s)`} · ${promo.appliesTo.titleKinds.join(', ')}`,
  usesOf: (promo: Promo) => `${promo.redeemed} / ${promo.claimed} / ${promo.totalLimit ?? '∞'}`,
  status: { active: 'Active', paused: 'Paused' },
  pause: 'Pause',
  resume: 'Resume',
  showRedemptions: 'Redemptions',
  redemptionsTitle: (code: string) => `Redemptions of ${code}`,
  redemptionsCaption: 'Paid orders that used the code, newest first',
  noRedemptions: 'Nobody has paid with this code yet.',
  hide: 'Hide',
  redemptionColumns: {
    at: 'Paid',
    email: 'Payer',
    item: 'Bought',
    price: 'Price',
    discount: 'Discount',
    paid: 'Paid',
  },
  rupees,
} as const;
