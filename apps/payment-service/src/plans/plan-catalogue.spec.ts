import { periodEndFrom } from './plan-catalogue';

describe('periodEndFrom', () => {
  it.each([
    [1, '2026-01-15T10:20:30.456Z', '2026-02-15T10:20:30.000Z'],
    [3, '2026-11-28T02:30:00.000Z', '2027-02-28T02:30:00.000Z'],
    [6, '2026-08-31T00:00:00.000Z', '2027-03-03T00:00:00.000Z'],
    // One month from 31 Jan is 3 Mar, as Razorpay's calendar cycles (and Date) count it.
    [1, '2026-01-31T12:00:00.000Z', '2026-03-03T12:00:00.000Z'],
  ])('ends %i month(s) on, to the second, in UTC: %s → %s', (months, from, expected) => {
    expect(periodEndFrom({ months }, new Date(from)).toISOString()).toBe(expected);
  });
});
