import type { Redis } from 'ioredis';
import type { AuditEntry, AuditLogQuery } from '@app/contracts';
import {
  AuditAction,
  AuditOutcome,
  AuditTargetType,
  AuthRpc,
  ErrorCode,
  EVENT_STREAM,
  Role,
  UserStatus,
} from '@app/contracts';
import { AuditTrail, EventBus, RequestContext } from '@app/server-core';
import type { ServiceUnderTest } from '@app/server-testing';
import { failure, uniqueSuffix, waitUntil } from '@app/server-testing';
import { startAuthSuite, type AuthContext, type AuthSuite } from './auth-context';

/**
 * Issue 22, finding 6: the audit log holds every admin action that changes a viewer's data or money, whichever
 * service made it (through `audit.recorded`), with actor, target, before/after and correlation id; the audit log
 * screen filters it by actor, target and kind on the server.
 */
describe('auth-service: the audit log of every admin action, and its filters', () => {
  let suite: AuthSuite;
  let service: ServiceUnderTest;
  let ctx: AuthContext;
  let redis: Redis;
  /** What another service holds: the server-core helper over the shared event stream. */
  let trail: AuditTrail;

  const log = (query: Partial<AuditLogQuery> = {}) =>
    service.call(AuthRpc.auditLog, { page: 1, pageSize: 50, ...query });
  const entriesAbout = async (targetId: string) => (await log({ target: targetId })).data;
  /** As a service's admin method runs: in the context its RPC envelope gave it (the admin, the request id). */
  const asAdmin = <T>(admin: { id: string; username: string }, correlationId: string, work: () => T) =>
    RequestContext.run({ correlationId, actor: { id: admin.id, username: admin.username } }, work);

  beforeAll(async () => {
    suite = await startAuthSuite('auth-audit-log');
    ({ service, ctx, redis } = suite);
    trail = new AuditTrail(new EventBus(redis));
  });

  afterAll(() => suite?.close());

  it("stores another service's admin action from its event: actor, target, before/after, correlation id", async () => {
    const [admin, viewer] = [
      await ctx.newAdmin({ username: `Refunder ${uniqueSuffix()}` }),
      await ctx.newUser({ username: `Payer ${uniqueSuffix()}` }),
    ];
    await asAdmin(admin, 'corr-refund-1', () =>
      trail.record({
        action: AuditAction.Refund,
        target: { type: AuditTargetType.User, id: viewer.id },
        detail: 'refund pay_1 ₹1,200 (purchase of Lagaan)',
        before: '₹1,200 captured',
        after: '₹1,200 refunded',
      }),
    );
    await waitUntil(async () => (await entriesAbout(viewer.id)).length === 1, 'the refund entry');

    const [entry] = await entriesAbout(viewer.id);
    expect(entry).toMatchObject<Partial<AuditEntry>>({
      actor: { id: admin.id, username: admin.username },
      action: AuditAction.Refund,
      // The username is auth-service's to fill in: the payment service does not know it.
      target: { type: AuditTargetType.User, id: viewer.id, name: viewer.username },
      detail: 'refund pay_1 ₹1,200 (purchase of Lagaan)',
      before: '₹1,200 captured',
      after: '₹1,200 refunded',
      outcome: AuditOutcome.Applied,
      reason: null,
      correlationId: 'corr-refund-1',
    });
  });

  it('stores a redelivered event once', async () => {
    const admin = await ctx.newAdmin();
    const titleId = `title-${uniqueSuffix()}`;
    await asAdmin(admin, 'corr-publish-1', () =>
      trail.record({
        action: AuditAction.MoviePublish,
        target: { type: AuditTargetType.Title, id: titleId, name: 'Lagaan' },
        detail: 'publish movie Lagaan',
        before: 'draft',
        after: 'published',
      }),
    );
    await waitUntil(async () => (await entriesAbout(titleId)).length === 1, 'the publish entry');
    const [[, fields]] = (await redis.xrevrange(EVENT_STREAM, '+', '-', 'COUNT', 200)).filter(([, entry]) =>
      entry[1].includes(titleId),
    );
    await redis.xadd(EVENT_STREAM, '*', ...fields);
    // A later entry stored means the redelivery, published before it, was handled.
    const marker = `title-${uniqueSuffix()}`;
    await asAdmin(admin, 'corr-marker', () =>
      trail.record({
        action: AuditAction.MovieDelete,
        target: { type: AuditTargetType.Title, id: marker, name: 'Marker' },
        detail: 'delete movie Marker',
      }),
    );
    await waitUntil(async () => (await entriesAbout(marker)).length === 1, 'the marker entry');
    expect(await entriesAbout(titleId)).toHaveLength(1);
  });

  it("auth-service's own entries carry the request's correlation id and the state before and after", async () => {
    const [admin, viewer] = [await ctx.newAdmin(), await ctx.newUser()];
    await RequestContext.run({ correlationId: 'corr-suspend-1' }, () =>
      service.call(AuthRpc.updateUser, {
        actorId: admin.id,
        userId: viewer.id,
        status: UserStatus.Suspended,
      }),
    );
    expect(await entriesAbout(viewer.id)).toEqual([
      expect.objectContaining({
        action: AuditAction.StatusChange,
        target: { type: AuditTargetType.User, id: viewer.id, name: viewer.username },
        detail: 'status active → suspended',
        before: 'status active',
        after: 'status suspended',
        correlationId: 'corr-suspend-1',
      }),
    ]);
  });

  it('filters by actor (id or part of the username, any case), target (id or part of the name) and kind', async () => {
    const tag = uniqueSuffix();
    const [asha, ravi] = [
      await ctx.newAdmin({ username: `Asha ${tag}` }),
      await ctx.newAdmin({ username: `Ravi ${tag}` }),
    ];
    const [meera, kabir] = [
      await ctx.newUser({ username: `Meera ${tag}` }),
      await ctx.newUser({ username: `Kabir ${tag}` }),
    ];
    const record = (
      admin: typeof asha,
      action: AuditAction,
      target: { id: string; name: string },
      n: number,
    ) =>
      asAdmin(admin, `corr-${tag}-${n}`, () =>
        trail.record({ action, target: { type: AuditTargetType.User, ...target }, detail: `change ${n}` }),
      );
    await record(asha, AuditAction.FavoritesChange, { id: meera.id, name: meera.username }, 1);
    await record(asha, AuditAction.Refund, { id: kabir.id, name: kabir.username }, 2);
    await record(ravi, AuditAction.SettingsChange, { id: meera.id, name: meera.username }, 3);
    await service.call(AuthRpc.changeRole, { actorId: ravi.id, userId: kabir.id, role: Role.Admin });
    await waitUntil(async () => (await log({ actor: tag })).total === 4, 'every entry of this test');

    const details = async (query: Partial<AuditLogQuery>) => {
      const page = await log(query);
      expect(page.total).toBe(page.data.length);
      return page.data.map((entry) => entry.detail).sort();
    };
    expect(await details({ actor: `asha ${tag}`.toUpperCase() })).toEqual(['change 1', 'change 2']);
    expect(await details({ actor: ravi.id })).toEqual(['change 3', 'user → admin']);
    expect(await details({ target: `meera ${tag}` })).toEqual(['change 1', 'change 3']);
    expect(await details({ target: kabir.id })).toEqual(['change 2', 'user → admin']);
    expect(await details({ actor: tag, action: AuditAction.Refund })).toEqual(['change 2']);
    expect(await details({ actor: `Asha ${tag}`, target: `Meera ${tag}` })).toEqual(['change 1']);
    expect(await details({ actor: `Asha ${tag}`, action: AuditAction.RoleChange })).toEqual([]);
    // A filter is text, never a pattern.
    expect(await details({ actor: '.*' })).toEqual([]);
  });

  it.each([
    [{ actor: { $ne: null } }],
    [{ target: { $regex: '.' } }],
    [{ action: 'everything' }],
    [{ actor: 'x'.repeat(101) }],
    [{ kind: 'role.change' }],
  ])('refuses the filter %p (400)', async (filter) => {
    // Sent raw: the filter breaks the contract on purpose.
    expect(
      await failure(service.send(AuthRpc.auditLog.pattern, { page: 1, pageSize: 10, ...filter })),
    ).toMatchObject({ code: ErrorCode.ValidationFailed });
  });
});
