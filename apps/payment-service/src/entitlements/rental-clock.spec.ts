import { decideRentalStart, isRentalActive, newRentalClock, watchWindowFrom } from './rental-clock';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const rentedAt = new Date('2025-06-01T00:00:00.000Z');
const at = (ms: number) => new Date(rentedAt.getTime() + ms);

describe('rental clocks', () => {
  it('gives 30 days to start', () => {
    expect(newRentalClock(rentedAt)).toEqual({
      rentedAt,
      startBy: at(30 * DAY),
      startedAt: null,
      expiresAt: null,
    });
  });

  it('starts the 48 hours on the first play, answers the running clock afterwards', () => {
    const clock = newRentalClock(rentedAt);
    expect(decideRentalStart(clock, at(DAY))).toEqual({ kind: 'start' });
    const started = { ...clock, ...watchWindowFrom(at(DAY)) };
    expect(started.expiresAt).toEqual(at(DAY + 48 * HOUR));
    expect(decideRentalStart(started, at(DAY + HOUR))).toEqual({ kind: 'started' });
  });

  it('refuses a start after the 30 days, and a play after the 48 hours', () => {
    const clock = newRentalClock(rentedAt);
    expect(decideRentalStart(clock, at(30 * DAY))).toEqual({ kind: 'expired' });
    const started = { ...clock, ...watchWindowFrom(at(2 * DAY)) };
    expect(decideRentalStart(started, at(4 * DAY))).toEqual({ kind: 'expired' });
  });

  it('keeps a rental started on day 29 running past its start-by date', () => {
    const started = { ...newRentalClock(rentedAt), ...watchWindowFrom(at(29 * DAY)) };
    expect(isRentalActive(started, at(30 * DAY + 12 * HOUR))).toBe(true);
    expect(isRentalActive(started, at(31 * DAY))).toBe(false);
  });
});
