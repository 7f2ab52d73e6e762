import type { PromoDiscount } from '@app/contracts';
import { PromoKind } from '@app/contracts';

/** Razorpay's smallest order: ₹1. A discount never takes a price below it (nor below itself when lower). */
export const MIN_CHARGE_PAISE = 100;

/**
 * The price after a code's discount, GST-inclusive, in paise. Percent off is rounded to the rupee in the viewer's
 * favour (₹149 at 15 % off is ₹126, not ₹126.65), so a charge and its invoice show whole rupees as the list prices do;
 * a flat amount comes off as it is. Never below ₹1 (Razorpay takes no smaller order); a price already below
 * that is left as it is.
 */
export const discountedPaise = (listPricePaise: number, discount: PromoDiscount): number => {
  const floor = Math.min(listPricePaise, MIN_CHARGE_PAISE);
  const off =
    discount.kind === PromoKind.Percent
      ? listPricePaise - Math.floor((listPricePaise * (100 - discount.percentOff)) / 10_000) * 100
      : discount.amountOffPaise;
  return Math.max(floor, listPricePaise - off);
};
