import { getModelToken } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { Types } from 'mongoose';
import type { Redis } from 'ioredis';
import {
  AuthMessages,
  AuthRpc,
  Classification,
  DEFAULT_CAPTION_STYLE,
  ErrorCode,
  ProfileKind,
  ProfileMessages,
  ProfileRpc,
} from '@app/contracts';
import type { CreateProfileRpc } from '@app/contracts';
import type { ServiceUnderTest } from '@app/server-testing';
import { failure } from '@app/server-testing';
import { UserRecord } from '../src/users/user.schema';
import { startAuthSuite, type AuthContext, type AuthSuite } from './auth-context';
import { busEvents, signIn } from './auth-helpers';

const ip = '203.0.113.25';

describe('auth-service profiles against real MongoDB and Redis (DECISIONS 36)', () => {
  let suite: AuthSuite;
  let service: ServiceUnderTest;
  let redis: Redis;
  let ctx: AuthContext;
  let users: Model<UserRecord>;

  const resolve = (token: string) => service.call(AuthRpc.resolveSession, { token });
  const list = (accountId: string, actingProfileId = accountId) =>
    service.call(ProfileRpc.list, { accountId, actingProfileId });
  const create = (accountId: string, profile: Partial<CreateProfileRpc['profile']> & { name: string }) =>
    service.call(ProfileRpc.create, {
      accountId,
      actingProfileId: accountId,
      profile: { avatar: 'ocean', ...profile },
    });
  const rawProfiles = async (accountId: string) => (await users.findById(accountId).lean().exec())?.profiles;

  beforeAll(async () => {
    suite = await startAuthSuite('auth-profiles');
    ({ service, redis, ctx } = suite);
    users = service.app.get<Model<UserRecord>>(getModelToken(UserRecord.name));
  });

  afterAll(() => suite?.close());

  it("gives an account stored as today's one default profile holding its data (id = account id), idempotently; its old token means it", async () => {
    const { id, email, password } = await ctx.newUser({ username: 'Asha Rao' });
    // Today's user document, as every account before profiles is stored: no `profiles`, no `profilesVersion`.
    const before = await users.collection.findOne({ _id: new Types.ObjectId(id) });
    expect(before).not.toHaveProperty('profiles');
    expect(before).not.toHaveProperty('profilesVersion');
    const { token } = await signIn(service, { email, password, clientIp: ip });

    const [first, second] = await Promise.all([list(id), list(id)]);
    const third = await list(id);
    expect(first).toEqual(second);
    expect(third).toEqual(first);
    expect(first).toEqual({
      currentProfileId: id,
      profiles: [
        {
          id,
          name: 'Asha Rao',
          avatar: 'sunrise',
          kind: ProfileKind.Standard,
          maturityCeiling: Classification.A,
          uiLanguage: 'en',
          audioLanguage: 'en',
          subtitleLanguage: null,
          playback: { autoplayNext: true, askBeforeNext: true, captions: DEFAULT_CAPTION_STYLE },
          locked: false,
        },
      ],
    });
    expect(await rawProfiles(id)).toHaveLength(1);
    expect((await resolve(token)).profile).toEqual({
      id,
      kind: ProfileKind.Standard,
      maturityCeiling: Classification.A,
      name: 'Asha Rao',
    });
  });

  it('keeps at most 5 profiles with names unique in any case; refusals store nothing', async () => {
    const { id } = await ctx.newUser({ username: 'Household' });
    for (const name of ['Ravi', 'Meera', 'Kabir', 'Dadi']) await create(id, { name });
    const stored = await rawProfiles(id);
    expect(await failure(create(id, { name: 'Sixth' }))).toMatchObject({
      code: ErrorCode.Conflict,
      message: ProfileMessages.limitReached,
    });
    expect(await rawProfiles(id)).toEqual(stored);

    const { id: other } = await ctx.newUser({ username: 'Other' });
    await create(other, { name: 'Ravi' });
    expect(await failure(create(other, { name: 'rAVI' }))).toMatchObject({
      code: ErrorCode.Conflict,
      message: ProfileMessages.nameTaken,
    });
    expect(await rawProfiles(other)).toHaveLength(2);
  });

  it("selects a locked profile only with its PIN: tries counted down, then a wait; another account's profile is 404", async () => {
    const { id } = await ctx.newUser({ username: 'Parent' });
    const papa = await create(id, { name: 'Papa', pin: '2580' });
    expect(papa.locked).toBe(true);
    const raw = await rawProfiles(id);
    expect(raw?.[1].pinHash).toMatch(/^\$argon2id\$/);

    const select = (pin?: string) =>
      service.call(ProfileRpc.select, { accountId: id, profileId: papa.id, pin });
    expect(await failure(select())).toMatchObject({
      code: ErrorCode.Forbidden,
      message: ProfileMessages.pinRequired,
    });
    for (const left of [4, 3, 2, 1, 0])
      expect(await failure(select('0000'))).toMatchObject({
        code: ErrorCode.Forbidden,
        message: ProfileMessages.wrongPin(left),
      });
    // The sixth wrong one starts the wait; within it even the right PIN waits.
    expect((await failure(select('0000'))).code).toBe(ErrorCode.Forbidden);
    expect((await failure(select('2580'))).code).toBe(ErrorCode.RateLimited);

    const { id: stranger } = await ctx.newUser();
    expect(
      await failure(
        service.call(ProfileRpc.select, { accountId: stranger, profileId: papa.id, pin: '2580' }),
      ),
    ).toMatchObject({ code: ErrorCode.NotFound, message: ProfileMessages.notFound });
  });

  it("keeps a kids profile's own subtitle style (issue 26); a profile stored before it answers the default", async () => {
    const { id } = await ctx.newUser({ username: 'Captions' });
    const kid = await create(id, {
      name: 'Chotu',
      kind: ProfileKind.Kids,
      maturityCeiling: Classification.U,
    });
    expect(kid.playback.captions).toEqual(DEFAULT_CAPTION_STYLE);
    const captions = { size: 200, color: 'yellow', background: 100 } as const;
    const changed = await service.call(ProfileRpc.update, {
      accountId: id,
      actingProfileId: kid.id,
      profileId: kid.id,
      changes: { playback: { captions } },
    });
    expect(changed.playback).toEqual({ autoplayNext: true, askBeforeNext: true, captions });
    expect((await list(id, kid.id)).profiles.find((profile) => profile.id === kid.id)).toEqual(changed);

    // A profile stored before issue 26 has no caption fields.
    await users.updateOne(
      { _id: new Types.ObjectId(id) },
      {
        $unset: {
          'profiles.$[].captionSize': '',
          'profiles.$[].captionColor': '',
          'profiles.$[].captionBackground': '',
        },
      },
    );
    const stored = (await list(id)).profiles;
    expect(stored.map((profile) => profile.playback.captions)).toEqual([
      DEFAULT_CAPTION_STYLE,
      DEFAULT_CAPTION_STYLE,
    ]);
  });

  it("a selected kids profile's session carries its ceiling; deleting the profile announces profile.deleted and ends that session", async () => {
    const { id } = await ctx.newUser({ username: 'Family' });
    const kid = await create(id, {
      name: 'Chotu',
      kind: ProfileKind.Kids,
      maturityCeiling: Classification.U,
    });
    const { token, profile } = await service.call(ProfileRpc.select, { accountId: id, profileId: kid.id });
    expect(profile).toEqual(kid);
    expect((await resolve(token)).profile).toEqual({
      id: kid.id,
      kind: ProfileKind.Kids,
      maturityCeiling: Classification.U,
      name: 'Chotu',
    });
    const stored = await rawProfiles(id);
    expect(
      await failure(
        service.call(ProfileRpc.remove, { accountId: id, actingProfileId: kid.id, profileId: id }),
      ),
    ).toMatchObject({ code: ErrorCode.Forbidden, message: ProfileMessages.kidsCannotManage });
    expect(await rawProfiles(id)).toEqual(stored);

    const before = (await busEvents(redis)).length;
    await service.call(ProfileRpc.remove, { accountId: id, actingProfileId: id, profileId: kid.id });
    expect(
      (await busEvents(redis))
        .slice(before)
        .filter(({ type }) => type === 'profile.deleted')
        .map(({ payload }) => payload),
    ).toEqual([{ userId: id, profileId: kid.id }]);
    expect(await failure(resolve(token))).toMatchObject({
      code: ErrorCode.Unauthorized,
      message: AuthMessages.sessionExpired,
    });
    expect(
      await failure(service.call(ProfileRpc.remove, { accountId: id, actingProfileId: id, profileId: id })),
    ).toMatchObject({ code: ErrorCode.Conflict, message: ProfileMessages.lastProfile });
  });

  it("a sign-in's session (no profile named) acts as the only profile only while it is the one and unlocked (issue 25)", async () => {
    const { id, email, password } = await ctx.newUser({ username: 'Sole' });
    const { token } = await signIn(service, { email, password, clientIp: ip });
    expect((await resolve(token)).profile).toEqual({
      id,
      kind: ProfileKind.Standard,
      maturityCeiling: Classification.A,
      name: 'Sole',
    });
    // Locked: the session names none (never the default one), and the list has no current profile.
    await service.call(ProfileRpc.update, {
      accountId: id,
      actingProfileId: id,
      profileId: id,
      changes: { pin: '2580' },
    });
    const locked = await resolve(token);
    expect(locked).not.toHaveProperty('profile');
    expect(locked.id).toBe(id);
    expect(
      (await service.call(ProfileRpc.list, { accountId: id, actingProfileId: null })).currentProfileId,
    ).toBe(null);
    // Unlocked but a second profile: still none.
    await service.call(ProfileRpc.update, {
      accountId: id,
      actingProfileId: id,
      profileId: id,
      changes: { pin: null },
    });
    expect((await resolve(token)).profile).toMatchObject({ id });
    await create(id, { name: 'Chotu', kind: ProfileKind.Kids, maturityCeiling: Classification.U });
    expect(await resolve(token)).not.toHaveProperty('profile');
    // A session that names a profile keeps acting as it.
    const chosen = await service.call(ProfileRpc.select, { accountId: id, profileId: id });
    expect((await resolve(chosen.token)).profile).toMatchObject({ id });
  });
});
