import { Types } from 'mongoose';
import {
  AuthMessages,
  Classification,
  CreateProfileRequestSchema,
  DEFAULT_CAPTION_STYLE,
  ErrorCode,
  ProfileKind,
  ProfileMessages,
  UpdateProfileRequestSchema,
} from '@app/contracts';
import type { CreateProfileRequest, UpdateProfileRequest } from '@app/contracts';
import { AppError } from '@app/server-core';
import { memoryOutbox } from '@app/server-testing';
import type { PasswordHasher } from '../passwords/password-hasher';
import type { RateLimiter } from '../rate-limit/rate-limiter';
import type { SessionsService } from '../sessions/sessions.service';
import { storedUser } from '../users/users.testing';
import type { StoredUser } from '../users/users.repository';
import type { StoredProfile } from './household';
import type { ProfilesRepository } from './profiles.repository';
import { ProfilesService } from './profiles.service';

const newProfile = (input: Partial<CreateProfileRequest> & { name: string }) =>
  CreateProfileRequestSchema.parse({ avatar: 'ocean', ...input });
const changes = (input: Partial<UpdateProfileRequest>) => UpdateProfileRequestSchema.parse(input);

/** ProfilesService over one in-memory account with the repository's conditional writes: the rules, not Mongo. */
const setUp = (account: StoredUser = storedUser({ username: 'Asha' })) => {
  let row: StoredUser = account;
  /** Writes that lose to a concurrent change (the version moved on) before they are tried. */
  let racing = 0;
  const repository = {
    findAccount: jest.fn(async (id: string) =>
      id === row._id.toHexString() ? { ...row, profiles: row.profiles && [...row.profiles] } : null,
    ),
    storeDefault: jest.fn(async (_: Types.ObjectId, profile: StoredProfile) => {
      if (row.profiles === undefined) row = { ...row, profiles: [profile], profilesVersion: 0 };
    }),
    replace: jest.fn(async (_: Types.ObjectId, version: number, profiles: StoredProfile[]) => {
      if (racing > 0) {
        racing--;
        row = { ...row, profilesVersion: (row.profilesVersion ?? 0) + 1 };
        return false;
      }
      if (row.profilesVersion !== version) return false;
      row = { ...row, profiles, profilesVersion: version + 1 };
      return true;
    }),
  };
  const hasher = {
    hash: jest.fn(async (pin: string) => `hashed:${pin}`),
    verify: jest.fn(async (hashed: string, pin: string) => hashed === `hashed:${pin}`),
  };
  const attempts = new Map<string, number>();
  const limiter = {
    takeAttempt: jest.fn(async (key: string) => {
      const count = (attempts.get(key) ?? 0) + 1;
      attempts.set(key, count);
      return count;
    }),
    clearAttempts: jest.fn(async (key: string) => void attempts.delete(key)),
  };
  const sessions = {
    issue: jest.fn(async (_: StoredUser, profileId?: string) => `token-for-${profileId}`),
  };
  const events = { publish: jest.fn(async () => 'event-id') };
  const service = new ProfilesService(
    repository as unknown as ProfilesRepository,
    hasher as unknown as PasswordHasher,
    limiter as unknown as RateLimiter,
    sessions as unknown as SessionsService,
    memoryOutbox(events).outbox,
  );
  const accountId = account._id.toHexString();
  return {
    service,
    repository,
    events,
    accountId,
    /** The default profile's id is the account's (household.ts). */
    defaultId: accountId,
    stored: () => row,
    race: (times: number) => (racing = times),
  };
};

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error as AppError,
  );

describe('ProfilesService', () => {
  describe('the migration: an account from before profiles', () => {
    it("gets one default profile whose id is the account's, once, however often it runs", async () => {
      const { service, accountId, repository, stored } = setUp();
      const first = await service.list({ accountId, actingProfileId: accountId });
      const second = await service.list({ accountId, actingProfileId: accountId });
      expect(first).toEqual(second);
      expect(first.profiles).toEqual([
        expect.objectContaining({
          id: accountId,
          name: 'Asha',
          kind: ProfileKind.Standard,
          maturityCeiling: Classification.A,
          locked: false,
        }),
      ]);
      expect(stored().profiles).toHaveLength(1);
      expect(repository.storeDefault).toHaveBeenCalledTimes(1);
    });
  });

  describe('create', () => {
    it('adds up to 5 profiles; a sixth is 409 and nothing is stored', async () => {
      const { service, accountId, defaultId, stored } = setUp();
      for (const name of ['Ravi', 'Meera', 'Kabir', 'Dadi'])
        await service.create({ accountId, actingProfileId: defaultId, profile: newProfile({ name }) });
      const before = stored();
      expect(
        await refusal(
          service.create({ accountId, actingProfileId: defaultId, profile: newProfile({ name: 'Six' }) }),
        ),
      ).toEqual(new AppError(ErrorCode.Conflict, ProfileMessages.limitReached));
      expect(stored()).toBe(before);
      expect(before.profiles).toHaveLength(5);
    });

    it('refuses a name another profile has in any case (409); a kids profile defaults to U/A 7+', async () => {
      const { service, accountId, defaultId } = setUp();
      const kid = await service.create({
        accountId,
        actingProfileId: defaultId,
        profile: newProfile({ name: 'Chotu', kind: ProfileKind.Kids }),
      });
      expect(kid.maturityCeiling).toBe(Classification.UA7);
      expect(
        (
          await refusal(
            service.create({
              accountId,
              actingProfileId: defaultId,
              profile: newProfile({ name: ' CHOTU ' }),
            }),
          )
        )?.message,
      ).toBe(ProfileMessages.nameTaken);
    });

    it('stores a PIN hashed and answers only `locked`', async () => {
      const { service, accountId, defaultId, stored } = setUp();
      const locked = await service.create({
        accountId,
        actingProfileId: defaultId,
        profile: newProfile({ name: 'Papa', pin: '4321' }),
      });
      expect(locked.locked).toBe(true);
      expect(JSON.stringify(locked)).not.toContain('4321');
      expect(stored().profiles?.[1].pinHash).toBe('hashed:4321');
    });

    it('retries a write that lost to a concurrent change, deciding again on what is stored', async () => {
      const { service, accountId, defaultId, race, repository } = setUp();
      await service.list({ accountId, actingProfileId: defaultId });
      race(1);
      await service.create({ accountId, actingProfileId: defaultId, profile: newProfile({ name: 'Ravi' }) });
      expect(repository.replace).toHaveBeenCalledTimes(2);
      race(3);
      expect(
        (
          await refusal(
            service.create({ accountId, actingProfileId: defaultId, profile: newProfile({ name: 'Meera' }) }),
          )
        )?.code,
      ).toBe(ErrorCode.Conflict);
    });
  });

  describe('a kids session', () => {
    const withKid = async () => {
      const context = setUp();
      const { service, accountId, defaultId } = context;
      const kid = await service.create({
        accountId,
        actingProfileId: defaultId,
        profile: newProfile({ name: 'Chotu', kind: ProfileKind.Kids, maturityCeiling: Classification.U }),
      });
      return { ...context, kid };
    };

    it('may not add, delete or change another profile, nor raise its ceiling, rename or unlock itself (403, nothing stored)', async () => {
      const { service, accountId, defaultId, kid, stored, events } = await withKid();
      const before = stored();
      const acting = { accountId, actingProfileId: kid.id };
      const attempts = [
        service.create({ ...acting, profile: newProfile({ name: 'Ravi' }) }),
        service.remove({ ...acting, profileId: defaultId }),
        service.update({ ...acting, profileId: defaultId, changes: changes({ avatar: 'tiger' }) }),
        service.update({
          ...acting,
          profileId: kid.id,
          changes: changes({ maturityCeiling: Classification.UA7 }),
        }),
        service.update({ ...acting, profileId: kid.id, changes: changes({ name: 'Boss' }) }),
        service.update({ ...acting, profileId: kid.id, changes: changes({ kind: ProfileKind.Standard }) }),
        service.update({ ...acting, profileId: kid.id, changes: changes({ pin: '1111' }) }),
      ];
      for (const attempt of attempts)
        expect(await refusal(attempt)).toEqual(
          new AppError(ErrorCode.Forbidden, ProfileMessages.kidsCannotManage),
        );
      expect(stored()).toBe(before);
      expect(events.publish).not.toHaveBeenCalled();
    });

    it('changes its own avatar, languages, playback settings and caption style', async () => {
      const { service, accountId, kid } = await withKid();
      const changed = await service.update({
        accountId,
        actingProfileId: kid.id,
        profileId: kid.id,
        changes: changes({ avatar: 'tiger', uiLanguage: 'hi', playback: { autoplayNext: false } }),
      });
      expect(changed).toMatchObject({
        avatar: 'tiger',
        uiLanguage: 'hi',
        playback: { autoplayNext: false, askBeforeNext: true, captions: DEFAULT_CAPTION_STYLE },
        maturityCeiling: Classification.U,
      });
      const captions = { size: 150, color: 'yellow', background: 100 } as const;
      const styled = await service.update({
        accountId,
        actingProfileId: kid.id,
        profileId: kid.id,
        changes: changes({ playback: { captions } }),
      });
      // The caption style alone changes: the other playback settings stay as they were.
      expect(styled.playback).toEqual({ autoplayNext: false, askBeforeNext: true, captions });
      expect((await service.list({ accountId, actingProfileId: kid.id })).profiles).toContainEqual(styled);
    });
  });

  describe('update', () => {
    it('refuses a kids ceiling above U/A 7+ (400); making a profile kids lowers an A ceiling to U/A 7+', async () => {
      const { service, accountId, defaultId } = setUp();
      const ravi = await service.create({
        accountId,
        actingProfileId: defaultId,
        profile: newProfile({ name: 'Ravi' }),
      });
      const acting = { accountId, actingProfileId: defaultId, profileId: ravi.id };
      expect(
        await refusal(
          service.update({
            ...acting,
            changes: { kind: ProfileKind.Kids, maturityCeiling: Classification.A },
          }),
        ),
      ).toEqual(new AppError(ErrorCode.ValidationFailed, ProfileMessages.kidsCeiling));
      expect(
        (await service.update({ ...acting, changes: changes({ kind: ProfileKind.Kids }) })).maturityCeiling,
      ).toBe(Classification.UA7);
    });

    it("renames a profile to its own name in another case, but not to another's; removes a lock with pin: null", async () => {
      const { service, accountId, defaultId } = setUp();
      const ravi = await service.create({
        accountId,
        actingProfileId: defaultId,
        profile: newProfile({ name: 'Ravi', pin: '1234' }),
      });
      const acting = { accountId, actingProfileId: defaultId, profileId: ravi.id };
      expect((await service.update({ ...acting, changes: changes({ name: 'RAVI' }) })).name).toBe('RAVI');
      expect(
        (await refusal(service.update({ ...acting, changes: changes({ name: 'asha' }) })))?.message,
      ).toBe(ProfileMessages.nameTaken);
      expect((await service.update({ ...acting, changes: changes({ pin: null }) })).locked).toBe(false);
    });

    it("answers 404 for a profile that is not the account's", async () => {
      const { service, accountId, defaultId } = setUp();
      expect(
        await refusal(
          service.update({
            accountId,
            actingProfileId: defaultId,
            profileId: new Types.ObjectId().toHexString(),
            changes: changes({ avatar: 'tiger' }),
          }),
        ),
      ).toEqual(AppError.notFound(ProfileMessages.notFound));
    });
  });

  describe('remove', () => {
    it('deletes a profile and announces profile.deleted once; the last one is refused (409) without an event', async () => {
      const { service, accountId, defaultId, events, stored } = setUp();
      const ravi = await service.create({
        accountId,
        actingProfileId: defaultId,
        profile: newProfile({ name: 'Ravi' }),
      });
      await service.remove({ accountId, actingProfileId: defaultId, profileId: ravi.id });
      expect(events.publish.mock.calls).toEqual([
        ['profile.deleted', { userId: accountId, profileId: ravi.id }],
      ]);
      const before = stored();
      expect(
        await refusal(service.remove({ accountId, actingProfileId: defaultId, profileId: defaultId })),
      ).toEqual(new AppError(ErrorCode.Conflict, ProfileMessages.lastProfile));
      expect(stored()).toBe(before);
      expect(events.publish).toHaveBeenCalledTimes(1);
    });

    it('refuses a session acting as a deleted profile (401)', async () => {
      const { service, accountId, defaultId } = setUp();
      const ravi = await service.create({
        accountId,
        actingProfileId: defaultId,
        profile: newProfile({ name: 'Ravi' }),
      });
      await service.remove({ accountId, actingProfileId: defaultId, profileId: ravi.id });
      expect(await refusal(service.list({ accountId, actingProfileId: defaultId }))).toBeNull();
      expect(
        await refusal(
          service.create({ accountId, actingProfileId: ravi.id, profile: newProfile({ name: 'Meera' }) }),
        ),
      ).toEqual(new AppError(ErrorCode.Unauthorized, AuthMessages.sessionExpired));
    });
  });

  describe('select', () => {
    it('mints a session naming the profile; another account cannot select it (404)', async () => {
      const { service, accountId, defaultId } = setUp();
      expect(await service.select({ accountId, profileId: defaultId })).toEqual({
        token: `token-for-${defaultId}`,
        profile: expect.objectContaining({ id: defaultId }),
      });
      const other = setUp();
      expect(
        await refusal(other.service.select({ accountId: other.accountId, profileId: defaultId })),
      ).toEqual(AppError.notFound(ProfileMessages.notFound));
    });

    it('asks a locked profile for its PIN, counts wrong ones down, and forgets them after the right one', async () => {
      const { service, accountId, defaultId } = setUp();
      const papa = await service.create({
        accountId,
        actingProfileId: defaultId,
        profile: newProfile({ name: 'Papa', pin: '2468' }),
      });
      const select = (pin?: string) => refusal(service.select({ accountId, profileId: papa.id, pin }));
      expect(await select()).toEqual(new AppError(ErrorCode.Forbidden, ProfileMessages.pinRequired));
      expect((await select('0000'))?.message).toBe('Wrong PIN. 4 tries left.');
      expect((await select('0000'))?.message).toBe('Wrong PIN. 3 tries left.');
      expect(await select('2468')).toBeNull();
      expect((await select('0000'))?.message).toBe('Wrong PIN. 4 tries left.');
    });
  });
});
