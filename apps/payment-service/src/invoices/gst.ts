/**
 * GST on online video (DECISIONS 39): 18 %, included in every price. All amounts in paise (integers).
 * CGST 9 % + SGST 9 % when the place of supply is the supplier's state, IGST 18 % otherwise.
 */
export type GstParts = {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
};

/**
 * Splits a GST-inclusive total: taxable value = total / 1.18 rounded to the paisa (in integers: 100 × total is even
 * and 118k + 59 odd, so there is never a tie to break), tax = the rest, so taxable + tax = total exactly. Within a state the tax is halved;
 * an odd paisa goes to CGST (both stay within a paisa of 9 % of the taxable value).
 */
export const gstOf = (totalPaise: number, { intraState }: { intraState: boolean }): GstParts => {
  if (!Number.isSafeInteger(totalPaise) || totalPaise < 0)
    throw new RangeError('paise must be a whole number');
  const taxablePaise = Math.floor((totalPaise * 100 + 59) / 118);
  const tax = totalPaise - taxablePaise;
  if (!intraState) return { taxablePaise, cgstPaise: 0, sgstPaise: 0, igstPaise: tax, totalPaise };
  const sgstPaise = Math.floor(tax / 2);
  return { taxablePaise, cgstPaise: tax - sgstPaise, sgstPaise, igstPaise: 0, totalPaise };
};

/** The GST a GST-inclusive amount contains (what a receipt states), the same figure an invoice shows. */
export const gstIncluded = (totalPaise: number): number =>
  totalPaise - gstOf(totalPaise, { intraState: false }).taxablePaise;
