import { discountedPaise, MIN_CHARGE_PAISE } from './discount';

const percent = (percentOff: number) => ({ kind: 'percent' as const, percentOff });
const flat = (amountOffPaise: number) => ({ kind: 'flat' as const, amountOffPaise });

describe('discountedPaise', () => {
  it.each([
    [14_900, 10, 13_400],
    [14_900, 15, 12_600],
    [49_900, 20, 39_900],
    [89_900, 50, 44_900],
    [120_000, 25, 90_000],
    [50_000, 99, 500],
  ])('takes percent off, rounded down to the rupee: %i paise at %i %% → %i', (list, pct, expected) => {
    expect(discountedPaise(list, percent(pct))).toBe(expected);
  });

  it.each([
    [14_900, 5_000, 9_900],
    [120_000, 20_050, 99_950],
    [50_000, 50_000, MIN_CHARGE_PAISE],
    [50_000, 90_000, MIN_CHARGE_PAISE],
  ])('takes a flat amount off, never below ₹1: %i paise less %i → %i', (list, off, expected) => {
    expect(discountedPaise(list, flat(off))).toBe(expected);
  });

  it('never raises a price, never goes below ₹1, and saves the viewer at least the exact percentage', () => {
    for (let list = 100; list <= 200_000; list += 100) {
      for (const pct of [1, 10, 33, 50, 75, 99]) {
        const paid = discountedPaise(list, percent(pct));
        expect(paid).toBeLessThanOrEqual(list);
        expect(paid).toBeGreaterThanOrEqual(MIN_CHARGE_PAISE);
        expect(paid % 100).toBe(0);
        expect(paid * 100).toBeLessThanOrEqual(Math.max(MIN_CHARGE_PAISE * 100, list * (100 - pct)));
      }
    }
  });

  it('leaves a price under ₹1 as it is', () => {
    expect(discountedPaise(50, flat(100))).toBe(50);
  });
});
