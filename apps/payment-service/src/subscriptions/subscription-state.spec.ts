import { PlanId, SubscriptionStatus } from '@app/contracts';
import type { SubscriptionFacts } from './subscription-state';
import {
  accessUntil,
  givesAccess,
  isNewer,
  pickCurrent,
  pickDuplicates,
  pickScheduledChange,
} from './subscription-state';

const DAY = 24 * 3_600_000;
const now = new Date('2025-06-01T12:00:00.000Z');
const at = (days: number) => new Date(now.getTime() + days * DAY);

type Sub = SubscriptionFacts & { createdAt: Date; liveSince?: Date | null };

const sub = (overrides: Partial<Sub> = {}): Sub => ({
  razorpayId: 'sub_1',
  planId: PlanId.Standard,
  status: SubscriptionStatus.Active,
  currentStart: at(-10),
  currentEnd: at(80),
  cancelAtCycleEnd: false,
  authorised: true,
  replaces: null,
  replacedBy: null,
  createdAt: at(-10),
  ...overrides,
});

describe('subscription access', () => {
  it('gives a free trial access to its end once authorised, also cancelled during it; never unauthorised or halted', () => {
    const trial = (overrides: Partial<Sub> = {}) =>
      sub({
        status: SubscriptionStatus.Authenticated,
        currentStart: null,
        currentEnd: null,
        trialEndsAt: at(7),
        ...overrides,
      });
    expect(accessUntil(trial())).toEqual(at(7));
    expect(givesAccess(trial(), at(6))).toBe(true);
    expect(givesAccess(trial(), at(7))).toBe(false);
    expect(accessUntil(trial({ status: SubscriptionStatus.Cancelled }))).toEqual(at(7));
    expect(accessUntil(trial({ authorised: false }))).toBeNull();
    expect(accessUntil(trial({ status: SubscriptionStatus.Created }))).toBeNull();
    expect(accessUntil(trial({ status: SubscriptionStatus.Halted }))).toBeNull();
    // Charged at its end: the paid period runs on from there.
    expect(
      accessUntil(trial({ status: SubscriptionStatus.Active, currentStart: at(7), currentEnd: at(99) })),
    ).toEqual(at(99));
    expect(pickCurrent([trial()], now)?.trialEndsAt).toEqual(at(7));
  });

  it("gives a promo code's upfront first period access to its end once charged, also cancelled during it", () => {
    const upfront = (overrides: Partial<Sub> = {}) =>
      sub({ status: SubscriptionStatus.Authenticated, currentStart: null, currentEnd: null, ...overrides });
    // Authorised but the upfront charge not reported yet: nothing paid, no access.
    expect(accessUntil(upfront())).toBeNull();
    expect(accessUntil(upfront({ prepaid: { until: at(30) } }))).toEqual(at(30));
    expect(givesAccess(upfront({ prepaid: { until: at(30) } }), at(29))).toBe(true);
    expect(givesAccess(upfront({ prepaid: { until: at(30) } }), at(30))).toBe(false);
    expect(
      accessUntil(upfront({ status: SubscriptionStatus.Cancelled, prepaid: { until: at(30) } })),
    ).toEqual(at(30));
    // The plan's first charge at its end: the paid period runs on from there.
    expect(
      accessUntil(
        upfront({
          status: SubscriptionStatus.Active,
          currentStart: at(30),
          currentEnd: at(60),
          prepaid: { until: at(30) },
        }),
      ),
    ).toEqual(at(60));
    expect(pickCurrent([upfront({ prepaid: { until: at(30) } })], now)?.prepaid).toEqual({ until: at(30) });
  });

  it('runs to the period end; pending adds 3 days of grace; halted and cancelled end at the period end', () => {
    expect(accessUntil(sub())).toEqual(at(80));
    expect(accessUntil(sub({ status: SubscriptionStatus.Pending }))).toEqual(at(83));
    expect(accessUntil(sub({ status: SubscriptionStatus.Halted }))).toEqual(at(80));
    expect(accessUntil(sub({ status: SubscriptionStatus.Cancelled }))).toEqual(at(80));
    expect(accessUntil(sub({ status: SubscriptionStatus.Created }))).toBeNull();
    expect(
      accessUntil(sub({ status: SubscriptionStatus.Authenticated, currentStart: null, currentEnd: null })),
    ).toBeNull();
  });

  it('keeps a pending subscription watching for its grace after the period, not after', () => {
    const pending = sub({ status: SubscriptionStatus.Pending, currentEnd: at(-2) });
    expect(givesAccess(pending, now)).toBe(true);
    expect(givesAccess({ ...pending, currentEnd: at(-3) }, now)).toBe(false);
    expect(givesAccess(sub({ status: SubscriptionStatus.Halted, currentEnd: at(-1) }), now)).toBe(false);
  });
});

describe('isNewer: late, duplicated and reordered reports never move a subscription back', () => {
  it.each([
    [SubscriptionStatus.Created, 0, SubscriptionStatus.Authenticated, 0, true],
    [SubscriptionStatus.Authenticated, 0, SubscriptionStatus.Active, 0, true],
    [SubscriptionStatus.Active, 0, SubscriptionStatus.Authenticated, 0, false],
    [SubscriptionStatus.Active, 0, SubscriptionStatus.Active, 0, false],
    [SubscriptionStatus.Active, 0, SubscriptionStatus.Pending, 0, true],
    [SubscriptionStatus.Pending, 0, SubscriptionStatus.Active, 0, false],
    [SubscriptionStatus.Pending, 0, SubscriptionStatus.Active, 30, true],
    [SubscriptionStatus.Active, 30, SubscriptionStatus.Active, 0, false],
    [SubscriptionStatus.Halted, 0, SubscriptionStatus.Active, 30, true],
    [SubscriptionStatus.Active, 0, SubscriptionStatus.Cancelled, 0, true],
    [SubscriptionStatus.Cancelled, 0, SubscriptionStatus.Active, 30, false],
    [SubscriptionStatus.Cancelled, 0, SubscriptionStatus.Completed, 0, false],
  ] as const)(
    'stored %s (end +%i d), incoming %s (end +%i d) → %p',
    (stored, storedEnd, incoming, incomingEnd, newer) => {
      expect(
        isNewer(
          { status: stored, currentEnd: at(storedEnd) },
          { status: incoming, currentEnd: at(incomingEnd) },
        ),
      ).toBe(newer);
    },
  );

  it('ignores a report without a period once a period is known', () => {
    expect(
      isNewer(
        { status: SubscriptionStatus.Active, currentEnd: at(5) },
        { status: SubscriptionStatus.Halted, currentEnd: null },
      ),
    ).toBe(false);
    expect(
      isNewer(
        { status: SubscriptionStatus.Created, currentEnd: null },
        { status: SubscriptionStatus.Authenticated, currentEnd: null },
      ),
    ).toBe(true);
  });
});

describe('pickCurrent and pickScheduledChange (DECISIONS 28)', () => {
  const old = sub({
    razorpayId: 'sub_old',
    cancelAtCycleEnd: true,
    replacedBy: 'sub_new',
    createdAt: at(-10),
  });
  const waiting = sub({
    razorpayId: 'sub_new',
    planId: PlanId.Premium,
    status: SubscriptionStatus.Authenticated,
    currentStart: null,
    currentEnd: null,
    replaces: 'sub_old',
    createdAt: at(-1),
  });

  it('keeps the old plan current while the change waits, and shows the change', () => {
    expect(pickCurrent([waiting, old], now)).toBe(old);
    expect(pickScheduledChange([waiting, old], old)).toBe(waiting);
  });

  it('hands over to the new subscription once it is charged', () => {
    const charged = {
      ...waiting,
      status: SubscriptionStatus.Active,
      currentStart: at(80),
      currentEnd: at(260),
    };
    expect(pickCurrent([charged, old], now)).toBe(charged);
    expect(pickScheduledChange([charged, old], charged)).toBeNull();
  });

  it('has no current subscription when nothing gives access and nothing waits', () => {
    expect(pickCurrent([sub({ status: SubscriptionStatus.Cancelled, currentEnd: at(-1) })], now)).toBeNull();
    expect(
      pickCurrent(
        [
          sub({
            status: SubscriptionStatus.Created,
            authorised: false,
            currentStart: null,
            currentEnd: null,
          }),
        ],
        now,
      ),
    ).toBeNull();
  });

  it('shows an authorised first subscription that waits for its first charge', () => {
    const first = { ...waiting, replaces: null };
    expect(pickCurrent([first], now)).toBe(first);
  });

  it('never offers a cancelled change', () => {
    expect(pickScheduledChange([{ ...waiting, status: SubscriptionStatus.Cancelled }, old], old)).toBeNull();
  });
});

describe('pickDuplicates: one live subscription per viewer (issue 22)', () => {
  const first = sub({ razorpayId: 'sub_first', liveSince: at(-10), createdAt: at(-10) });
  const second = sub({
    razorpayId: 'sub_second',
    planId: PlanId.Premium,
    liveSince: at(-9),
    createdAt: at(-11),
  });

  it('keeps the one live first and names every other live one a duplicate', () => {
    expect(pickDuplicates([second, first])).toEqual({ keeper: first, duplicates: [second] });
    const authenticated = sub({
      razorpayId: 'sub_third',
      status: SubscriptionStatus.Authenticated,
      liveSince: at(-1),
    });
    expect(pickDuplicates([first, second, authenticated])?.duplicates).toEqual([second, authenticated]);
  });

  it('dates a subscription from before the rule (never seen going live) by its record', () => {
    const older = sub({ razorpayId: 'sub_legacy', liveSince: null, createdAt: at(-20) });
    expect(pickDuplicates([first, older])?.keeper).toBe(older);
    const newer = sub({ razorpayId: 'sub_legacy', liveSince: null, createdAt: at(-1) });
    expect(pickDuplicates([first, newer])?.keeper).toBe(first);
  });

  it('finds nothing with one live subscription, ended ones, halted ones or one never paid', () => {
    expect(pickDuplicates([first])).toBeNull();
    expect(
      pickDuplicates([
        first,
        sub({ razorpayId: 'sub_x', status: SubscriptionStatus.Cancelled }),
        sub({ razorpayId: 'sub_y', status: SubscriptionStatus.Halted }),
        sub({ razorpayId: 'sub_z', status: SubscriptionStatus.Created, authorised: false }),
        sub({ razorpayId: 'sub_w', duplicateOf: 'sub_first' }),
      ]),
    ).toBeNull();
  });

  it('never takes a plan change (DECISIONS 28) and the plan it replaces for two plans', () => {
    const old = sub({ razorpayId: 'sub_old', liveSince: at(-30) });
    const waiting = sub({
      razorpayId: 'sub_new',
      status: SubscriptionStatus.Authenticated,
      replaces: 'sub_old',
      currentStart: null,
      currentEnd: null,
      liveSince: at(-1),
    });
    expect(pickDuplicates([old, waiting])).toBeNull();
    // Charged at once (the old period was over): both active until the old one's cancellation lands.
    expect(pickDuplicates([old, { ...waiting, status: SubscriptionStatus.Active }])).toBeNull();
    expect(
      pickDuplicates([
        { ...old, replacedBy: 'sub_new' },
        { ...waiting, status: SubscriptionStatus.Active },
      ]),
    ).toBeNull();
  });

  it('leaves a duplicate out of pickCurrent, even while its period runs', () => {
    expect(pickCurrent([first, { ...second, duplicateOf: 'sub_first', createdAt: at(-1) }], now)).toBe(first);
  });
});
