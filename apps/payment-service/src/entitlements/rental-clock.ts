import type { RentalClock } from '@app/contracts';
import { RENTAL_START_WINDOW_DAYS, RENTAL_WATCH_HOURS } from '@app/contracts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The two clocks of a rental (DECISIONS 7), as stored. */
export type RentalClockState = {
  rentedAt: Date;
  startBy: Date;
  startedAt: Date | null;
  expiresAt: Date | null;
};

/** A new rental: 30 days to start; the 48 hours run from the first play. */
export const newRentalClock = (rentedAt: Date): RentalClockState => ({
  rentedAt,
  startBy: new Date(rentedAt.getTime() + RENTAL_START_WINDOW_DAYS * DAY_MS),
  startedAt: null,
  expiresAt: null,
});

/** The watch window a first play at `now` opens. */
export const watchWindowFrom = (now: Date): { startedAt: Date; expiresAt: Date } => ({
  startedAt: now,
  expiresAt: new Date(now.getTime() + RENTAL_WATCH_HOURS * HOUR_MS),
});

/**
 * Whether the rental lets the viewer watch at `now`. Once started it runs to `expiresAt`, even past `startBy`
 * (a rental started on day 29 still has its full 48 hours); unstarted, it can be started until `startBy`.
 */
export const isRentalActive = (clock: RentalClockState, now: Date): boolean =>
  clock.startedAt
    ? clock.expiresAt !== null && now.getTime() < clock.expiresAt.getTime()
    : now.getTime() < clock.startBy.getTime();

export type StartDecision = { kind: 'start' } | { kind: 'started' } | { kind: 'expired' };

/** What a first-play call at `now` does: start the 48 hours, answer the clock already running, or refuse. */
export const decideRentalStart = (clock: RentalClockState, now: Date): StartDecision => {
  if (!isRentalActive(clock, now)) return { kind: 'expired' };
  return clock.startedAt ? { kind: 'started' } : { kind: 'start' };
};

export const toRentalClock = (clock: RentalClockState): RentalClock => ({
  rentedAt: clock.rentedAt.toISOString(),
  startBy: clock.startBy.toISOString(),
  startedAt: clock.startedAt?.toISOString() ?? null,
  expiresAt: clock.expiresAt?.toISOString() ?? null,
});
