import { Logger } from '@nestjs/common';
import type { EventPayload, EventType } from '@app/contracts';
import type { EventHandler, EventHandlerContext } from '@app/server-core';
import { buildEnvelope } from '@app/server-core';
import { CLOCK_SKEW_MARGIN_MS, endsLease, LeaseEndsService } from './lease-ends.service';
import { leaseEventHandlers } from './lease-events.consumer';
import type { LeaseRecord, LeasesRepository } from './leases.repository';

const USER = '65f000000000000000000001';
const MOVIE = '65f0000000000000000000aa';
const OTHER_MOVIE = '65f0000000000000000000bb';
const EVENT_AT = new Date('2026-03-01T12:00:00.000Z');
const context: EventHandlerContext = { group: 'g', consumer: 'c', messageId: '1-0', deliveries: 1 };
const at = (offsetMs: number) => new Date(EVENT_AT.getTime() + offsetMs).toISOString();

const lease = (leaseId: string, overrides: Partial<LeaseRecord> = {}): LeaseRecord => ({
  leaseId,
  userId: USER,
  sessionId: 'session-a',
  movieId: MOVIE,
  title: 'Sample',
  deviceLabel: 'TV',
  startedAt: at(-60_000),
  ...overrides,
});

describe('which leases an event ends (DECISIONS 35)', () => {
  it('ends every lease, a session’s, or a title’s', () => {
    const other = lease('l2', { sessionId: 'session-b', movieId: OTHER_MOVIE });
    expect(endsLease({ kind: 'all' }, EVENT_AT, other)).toBe(true);
    expect(endsLease({ kind: 'session', sessionId: 'session-a' }, EVENT_AT, lease('l1'))).toBe(true);
    expect(endsLease({ kind: 'session', sessionId: 'session-a' }, EVENT_AT, other)).toBe(false);
    expect(endsLease({ kind: 'title', movieId: MOVIE }, EVENT_AT, lease('l1'))).toBe(true);
    expect(endsLease({ kind: 'title', movieId: MOVIE }, EVENT_AT, other)).toBe(false);
  });

  it('leaves leases begun after the event alone (a redelivered or replayed event), allowing for clock skew', () => {
    const startedAt = (offsetMs: number) => lease('l1', { startedAt: at(offsetMs) });
    expect(endsLease({ kind: 'all' }, EVENT_AT, startedAt(CLOCK_SKEW_MARGIN_MS - 1))).toBe(true);
    expect(endsLease({ kind: 'all' }, EVENT_AT, startedAt(CLOCK_SKEW_MARGIN_MS))).toBe(false);
    expect(endsLease({ kind: 'all' }, EVENT_AT, startedAt(3_600_000))).toBe(false);
  });
});

describe('LeaseEndsService and the events it handles', () => {
  beforeEach(() => jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  const setup = (held: LeaseRecord[]) => {
    const leases = {
      held: jest.fn().mockResolvedValue(held),
      stopAll: jest.fn(async (_: string, ids: string[]) => ids.length),
    };
    const ends = new LeaseEndsService(leases as unknown as LeasesRepository);
    const handlers = leaseEventHandlers(ends);
    const deliver = async <T extends EventType>(type: T, payload: EventPayload<T>) => {
      // Each handler is stored under its own type: called with that type's envelope only.
      const handler = handlers[type] as EventHandler<T> | undefined;
      if (!handler) throw new Error(`no handler for ${type}`);
      await handler({ ...buildEnvelope(type, payload), occurredAt: EVENT_AT.toISOString() }, context);
    };
    /** The lease ids stopped, per call. */
    const stopped = () => leases.stopAll.mock.calls.map(([userId, ids]) => [userId, [...ids].sort()]);
    return { leases, deliver, stopped };
  };
  const held = [
    lease('on-a'),
    lease('on-b', { sessionId: 'session-b', movieId: OTHER_MOVIE }),
    lease('later', { sessionId: 'session-c', startedAt: at(3_600_000) }),
  ];

  it('a sign-out ends that session’s leases; a password change or ban every one begun before it', async () => {
    const { deliver, stopped } = setup(held);
    await deliver('session.revoked', { userId: USER, sessionId: 'session-a' });
    await deliver('session.revoked', { userId: USER, sessionId: null });
    expect(stopped()).toEqual([
      [USER, ['on-a']],
      [USER, ['on-a', 'on-b']],
    ]);
  });

  it('a suspension or ban ends every lease; an account made active again ends none', async () => {
    const { deliver, stopped } = setup(held);
    const user = { userId: USER, username: 'Asha', email: 'asha@example.in', role: 'user' };
    await deliver('user.updated', { ...user, status: 'active' });
    await deliver('user.updated', { ...user, status: 'banned' });
    await deliver('user.updated', { ...user, status: 'suspended' });
    expect(stopped()).toEqual([
      [USER, ['on-a', 'on-b']],
      [USER, ['on-a', 'on-b']],
    ]);
  });

  it('a refund ends the title’s leases; a refunded plan every lease', async () => {
    const { deliver, stopped } = setup(held);
    const revoked = { userId: USER, planId: null, source: 'pay_1', reason: 'refund' };
    await deliver('entitlement.revoked', { ...revoked, kind: 'rental', movieId: OTHER_MOVIE });
    await deliver('entitlement.revoked', {
      ...revoked,
      kind: 'subscription',
      movieId: null,
      planId: 'basic',
    });
    expect(stopped()).toEqual([
      [USER, ['on-b']],
      [USER, ['on-a', 'on-b']],
    ]);
  });

  it('a duplicate plan retired at once ends nothing: the account’s other plan still holds', async () => {
    const { deliver, stopped } = setup(held);
    await deliver('entitlement.revoked', {
      userId: USER,
      kind: 'subscription',
      movieId: null,
      planId: 'basic',
      source: 'sub_2:1',
      reason: 'duplicate',
    });
    expect(stopped()).toEqual([]);
  });

  it('a deletion ends every lease the account holds, whenever begun', async () => {
    const { deliver, stopped } = setup(held);
    await deliver('user.deleted', { userId: USER });
    expect(stopped()).toEqual([[USER, ['later', 'on-a', 'on-b']]]);
  });
});
