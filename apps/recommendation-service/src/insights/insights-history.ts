import { randomUUID } from 'node:crypto';
import { PLAN_MONTHS, QoeBrowsers, Renditions, TRIAL_DAYS } from '@app/contracts';
import type { CountedEvent } from './insights-recount';

/** Options of a generated history (tests, the bench). */
export type HistoryOptions = {
  plays: number;
  titleIds: string[];
  /** Series among `titleIds` (their plays are episodes). */
  seriesIds?: string[];
  viewers: number;
  /** Plays are spread over the `days` days ending at `end`. */
  days: number;
  end: Date;
  random: () => number;
  /** Unique per history, so two histories never share a viewer or a lease. */
  tag?: string;
};

const HOUR = 3_600_000;
const DURATION = 5_400;
const hex24 = (n: number, tag: string) => (tag + n.toString(16)).padStart(24, '0').slice(-24);

/**
 * A plausible history: plays (start, then a report every few minutes to a random stop; some past 90 %), favorites,
 * purchases, rentals, subscription charges and renewals, free trials, promo-code plans, a refund, cancellations and
 * QoE batches.
 */
export const generateHistory = (options: HistoryOptions): CountedEvent[] => {
  const { random, titleIds, seriesIds = [] } = options;
  const tag = options.tag ?? randomUUID().replace(/-/g, '').slice(0, 8);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  const userOf = (n: number) => hex24(n + 1, tag);
  const events: CountedEvent[] = [];
  const startMs = options.end.getTime() - options.days * 24 * HOUR;
  for (let n = 0; n < options.plays; n += 1) {
    // Popular titles play more: the square skews toward the list's start.
    const itemId = titleIds[Math.floor(random() * random() * titleIds.length)];
    const userId = userOf(Math.floor(random() * options.viewers));
    const at = new Date(startMs + random() * (options.days * 24 * HOUR - 2 * HOUR));
    const leaseId = `${tag}-${n.toString(36)}`;
    const episode = seriesIds.includes(itemId)
      ? { seriesId: itemId, seasonNumber: 1, episodeNumber: 1 }
      : null;
    const movieId = episode ? hex24(n, `e${tag}`) : itemId;
    events.push({
      type: 'playback.started',
      payload: {
        leaseId,
        userId,
        movieId,
        ...(episode ? { episode } : {}),
        durationSeconds: DURATION,
        startedAt: at.toISOString(),
      },
      occurredAt: at,
    });
    const stop = random() < 0.35 ? 1 : random();
    const reports = 1 + Math.floor(random() * 4);
    for (let r = 1; r <= reports; r += 1) {
      const position = Math.round((DURATION * stop * r) / reports);
      const reportedAt = new Date(at.getTime() + position * 1000 + r);
      events.push({
        type: 'watch.progressed',
        payload: {
          userId,
          movieId,
          positionSeconds: position,
          durationSeconds: DURATION,
          event: r === reports ? 'exit' : 'tick',
          leaseId,
          reportedAt: reportedAt.toISOString(),
          watchedSeconds: Math.round(random() * 15),
          ...(episode ? { episode } : {}),
        },
        occurredAt: reportedAt,
      });
    }
    if (random() < 0.3) {
      const reportedAt = new Date(at.getTime() + 60_000);
      events.push({
        type: 'qoe.reported',
        payload: {
          reportId: `${leaseId}-q`,
          leaseId,
          userId,
          movieId,
          ...(episode ? { episode } : {}),
          reportedAt: reportedAt.toISOString(),
          browser: pick(QoeBrowsers),
          samples: [
            {
              timeToFirstFrameMs: Math.round(300 + random() * random() * 4000),
              rebufferCount: random() < 0.2 ? 1 : 0,
              rebufferMs: random() < 0.2 ? Math.round(random() * 3000) : 0,
              playedMs: 60_000,
              bitrateSwitches: Math.floor(random() * 3),
              fatalErrors: random() < 0.01 ? 1 : 0,
              rendition: pick(Renditions),
            },
            // A stretch that failed before any picture: the rendition breakdown's `unknown`.
            ...(random() < 0.1
              ? [
                  {
                    timeToFirstFrameMs: null,
                    rebufferCount: 0,
                    rebufferMs: 0,
                    playedMs: 0,
                    bitrateSwitches: 0,
                    fatalErrors: 1,
                    rendition: null,
                  },
                ]
              : []),
          ],
        },
        occurredAt: reportedAt,
      });
    }
    if (random() < 0.05) {
      const addedAt = new Date(at.getTime() + 30_000);
      events.push({
        type: 'favorite.added',
        payload: { userId, movieId: itemId, addedAt: addedAt.toISOString() },
        occurredAt: addedAt,
      });
    }
    if (random() < 0.02) {
      const kind = random() < 0.5 ? 'purchase' : 'rental';
      const paymentId = `pay_${leaseId}`;
      events.push({
        type: 'payment.captured',
        payload: {
          paymentId,
          userId,
          kind,
          movieId: itemId,
          planId: null,
          amountPaise: kind === 'purchase' ? 120_000 : 50_000,
        },
        occurredAt: at,
      });
      if (random() < 0.1)
        events.push({
          type: 'payment.refunded',
          payload: {
            paymentId,
            userId,
            kind,
            movieId: itemId,
            planId: null,
            amountPaise: kind === 'purchase' ? 120_000 : 50_000,
          },
          occurredAt: new Date(at.getTime() + HOUR),
        });
    }
  }
  // Subscribers: a first charge, maybe a renewal, maybe a cancellation.
  const subscribers = Math.max(1, Math.round(options.viewers / 10));
  for (let s = 0; s < subscribers; s += 1) {
    const userId = userOf(s);
    const planId = pick(['basic', 'standard', 'premium'] as const);
    const amountPaise = { basic: 14_900, standard: 49_900, premium: 89_900 }[planId];
    const subscriptionId = `sub_${tag}${s}`;
    const first = new Date(startMs + random() * (options.days / 2) * 24 * HOUR);
    events.push({
      type: 'payment.captured',
      payload: {
        paymentId: `pay_${subscriptionId}_1`,
        userId,
        kind: 'subscription',
        movieId: null,
        planId,
        amountPaise,
      },
      occurredAt: first,
    });
    events.push({
      type: 'subscription.changed',
      payload: { userId, subscriptionId, planId, status: 'active', currentEnd: null },
      occurredAt: first,
    });
    if (random() < 0.5) {
      const renewal = new Date(first.getTime() + random() * (options.days / 2) * 24 * HOUR);
      events.push({
        type: 'payment.captured',
        payload: {
          paymentId: `pay_${subscriptionId}_2`,
          userId,
          kind: 'subscription',
          movieId: null,
          planId,
          amountPaise,
        },
        occurredAt: renewal,
      });
    } else if (random() < 0.4) {
      events.push({
        type: 'subscription.changed',
        payload: { userId, subscriptionId, planId, status: 'cancelled', currentEnd: null },
        occurredAt: new Date(first.getTime() + 2 * HOUR),
      });
    }
  }
  // Free trials (issue 27): authorised without a charge; at the end charged and active, or cancelled in it.
  // Each ends within the history (a history shorter than a trial has none).
  const trialists = options.days > TRIAL_DAYS ? Math.max(1, Math.round(options.viewers / 20)) : 0;
  for (let t = 0; t < trialists; t += 1) {
    const userId = userOf(subscribers + t);
    const subscriptionId = `sub_${tag}trial${t}`;
    const started = new Date(startMs + random() * (options.days - TRIAL_DAYS) * 24 * HOUR);
    const trialEndsAt = new Date(started.getTime() + TRIAL_DAYS * 24 * HOUR).toISOString();
    const changed = (status: string, at: Date): CountedEvent => ({
      type: 'subscription.changed',
      payload: { userId, subscriptionId, planId: 'standard', status, currentEnd: null, trialEndsAt },
      occurredAt: at,
    });
    events.push(changed('authenticated', started));
    if (random() < 0.6) {
      const charged = new Date(trialEndsAt);
      events.push(changed('active', charged), {
        type: 'payment.captured',
        payload: {
          paymentId: `pay_${subscriptionId}_1`,
          userId,
          kind: 'subscription',
          movieId: null,
          planId: 'standard',
          amountPaise: 49_900,
        },
        occurredAt: charged,
      });
    } else {
      events.push(changed('cancelled', new Date(started.getTime() + 2 * 24 * HOUR)));
    }
  }
  // Plans bought with a promo code (issue 27): the discounted first period captured upfront at authentication (its
  // news names the period it paid; Razorpay says `authenticated` till `start_at`), then the plan's first charge at
  // its list price when that period ends within the history, or a cancellation in it.
  const promoBuyers = Math.max(1, Math.round(options.viewers / 20));
  for (let p = 0; p < promoBuyers; p += 1) {
    const userId = userOf(subscribers + trialists + p);
    const subscriptionId = `sub_${tag}promo${p}`;
    const planId = pick(['basic', 'standard', 'premium'] as const);
    const listPricePaise = { basic: 14_900, standard: 49_900, premium: 89_900 }[planId];
    const paidAt = new Date(startMs + random() * (options.days - 1) * 24 * HOUR);
    const paidUntil = new Date(paidAt.getTime() + PLAN_MONTHS[planId] * 30 * 24 * HOUR);
    const changed = (status: string, at: Date): CountedEvent => ({
      type: 'subscription.changed',
      payload: { userId, subscriptionId, planId, status, currentEnd: null },
      occurredAt: at,
    });
    const charge = (n: number, amountPaise: number, at: Date): CountedEvent => ({
      type: 'payment.captured',
      payload: {
        paymentId: `pay_${subscriptionId}_${n}`,
        userId,
        kind: 'subscription',
        movieId: null,
        planId,
        amountPaise,
        ...(n === 1
          ? { listPricePaise, upfront: { subscriptionId, paidUntil: paidUntil.toISOString() } }
          : {}),
      },
      occurredAt: at,
    });
    events.push(charge(1, Math.round(listPricePaise * 0.8), paidAt), changed('authenticated', paidAt));
    if (paidUntil < options.end && random() < 0.7) {
      events.push(charge(2, listPricePaise, paidUntil), changed('active', paidUntil));
    } else if (random() < 0.3) {
      events.push(changed('cancelled', new Date(paidAt.getTime() + 2 * HOUR)));
    }
  }
  return events;
};
