import { PLAN_CATALOGUE } from '../plans/plan-catalogue';
import { gstIncluded, gstOf } from './gst';

/** DECISIONS 3: titles sell at ₹1200 and ₹500 by default; admins may set any whole rupee price up to ₹1,00,000. */
const TITLE_PRICES_INR = [1200, 500];

/** The checks every split must pass: the parts add up exactly and each tax is its rate of the taxable value. */
const expectConsistent = (totalPaise: number) => {
  for (const intraState of [true, false]) {
    const parts = gstOf(totalPaise, { intraState });
    const { taxablePaise, cgstPaise, sgstPaise, igstPaise } = parts;
    const tax = cgstPaise + sgstPaise + igstPaise;
    // Exact sum, whole paise, nothing negative.
    if (taxablePaise + tax !== totalPaise) throw new Error(`${totalPaise}: parts do not add up`);
    if (![taxablePaise, cgstPaise, sgstPaise, igstPaise].every((v) => Number.isInteger(v) && v >= 0))
      throw new Error(`${totalPaise}: not whole paise`);
    // taxable = round(total / 1.18): |taxable × 1.18 − total| ≤ 0.59 paise (in hundredths of a paisa).
    if (Math.abs(taxablePaise * 118 - totalPaise * 100) > 59) throw new Error(`${totalPaise}: taxable off`);
    if (intraState) {
      if (igstPaise !== 0 || cgstPaise - sgstPaise < 0 || cgstPaise - sgstPaise > 1)
        throw new Error(`${totalPaise}: CGST/SGST split off`);
      // Each within a paisa of 9 % of the taxable value.
      for (const half of [cgstPaise, sgstPaise])
        if (Math.abs(half * 100 - taxablePaise * 9) > 100) throw new Error(`${totalPaise}: 9 % off`);
    } else if (cgstPaise !== 0 || sgstPaise !== 0 || Math.abs(igstPaise * 100 - taxablePaise * 18) > 59) {
      throw new Error(`${totalPaise}: IGST off`);
    }
  }
};

/** mulberry32: a seeded generator, so a failure names an amount that fails again. */
const seeded = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

describe('gstOf', () => {
  it('splits ₹149 within the state and across states', () => {
    expect(gstOf(14_900, { intraState: true })).toEqual({
      taxablePaise: 12_627,
      cgstPaise: 1_137,
      sgstPaise: 1_136,
      igstPaise: 0,
      totalPaise: 14_900,
    });
    expect(gstOf(14_900, { intraState: false })).toEqual({
      taxablePaise: 12_627,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 2_273,
      totalPaise: 14_900,
    });
  });

  it('holds for every price the product sells, both splits', () => {
    const prices = [...PLAN_CATALOGUE.map((plan) => plan.priceInr), ...TITLE_PRICES_INR];
    expect(prices).toEqual([149, 499, 899, 1200, 500]);
    for (const inr of prices) expectConsistent(inr * 100);
    // Every whole-rupee title price an admin may set.
    for (let inr = 1; inr <= 100_000; inr++) expectConsistent(inr * 100);
    expect(gstOf(49_900, { intraState: true })).toMatchObject({ taxablePaise: 42_288, cgstPaise: 3_806 });
    expect(gstOf(89_900, { intraState: false })).toMatchObject({ taxablePaise: 76_186, igstPaise: 13_714 });
  });

  it('holds over amounts from 1 paisa to ₹1,00,000 (seeded, 200 000 draws, and the smallest)', () => {
    const random = seeded(27);
    for (let draw = 0; draw < 200_000; draw++) expectConsistent(1 + Math.floor(random() * 10_000_000));
    for (let paise = 1; paise <= 2_000; paise++) expectConsistent(paise);
    expectConsistent(10_000_000);
    expect(gstOf(59, { intraState: false })).toMatchObject({ taxablePaise: 50, igstPaise: 9 });
  });

  it('refuses a fraction of a paisa', () => {
    expect(() => gstOf(10.5, { intraState: true })).toThrow(RangeError);
  });

  it('gives the receipt the same GST the invoice shows', () => {
    expect(gstIncluded(120_000)).toBe(18_305);
    expect(gstIncluded(14_900)).toBe(2_273);
  });
});
