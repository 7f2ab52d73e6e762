import type { RentalClock } from '@app/contracts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Where a rental stands at `now` (DECISIONS 7): days left to start, hours or minutes left to watch, or over. */
export type RentalTime =
  | { kind: 'to-start'; days: number }
  | { kind: 'hours'; hours: number }
  | { kind: 'minutes'; minutes: number }
  | { kind: 'ended' };

export const rentalTime = (rental: RentalClock, now: number): RentalTime => {
  if (rental.startedAt === null || rental.expiresAt === null) {
    const left = Date.parse(rental.startBy) - now;
    // Rounded, not ceiled: a clock a little behind the server's must still read "30 days" right after renting.
    return left > 0 ? { kind: 'to-start', days: Math.max(1, Math.round(left / DAY)) } : { kind: 'ended' };
  }
  const left = Date.parse(rental.expiresAt) - now;
  if (left <= 0) return { kind: 'ended' };
  // Whole hours down to one, then minutes (rounded up, so the last seconds still read "1 minute").
  return left >= HOUR
    ? { kind: 'hours', hours: Math.floor(left / HOUR) }
    : { kind: 'minutes', minutes: Math.ceil(left / MINUTE) };
};
