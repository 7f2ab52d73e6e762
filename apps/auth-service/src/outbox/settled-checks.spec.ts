import { Types } from 'mongoose';
import { defaultProfileOf } from '../profiles/household';
import type { SessionStore } from '../sessions/session.store';
import type { StoredUser, UsersRepository } from '../users/users.repository';
import { storedUser } from '../users/users.testing';
import { settledChecks } from './settled-checks';

const checksOver = (user: StoredUser | null) =>
  settledChecks({ findById: async () => user } as unknown as UsersRepository, {} as unknown as SessionStore);
const entry = { occurredAt: new Date() };

describe("auth-service's settled checks", () => {
  describe('profile.deleted: made once the stored profiles no longer hold it', () => {
    const account = storedUser();
    const userId = account._id.toHexString();
    const kept = defaultProfileOf(account);
    const gone = { ...kept, _id: new Types.ObjectId(), name: 'Gone', nameKey: 'gone' };
    const check = (user: StoredUser | null) => checksOver(user)['profile.deleted'];

    it.each([
      ['the profile is still stored', false, { ...account, profiles: [kept, gone] }],
      ['the profiles no longer hold it', true, { ...account, profiles: [kept] }],
      ['the account is gone', true, null],
      // Profiles never stored: no deletion can have been made (the entry is stored after the default is).
      ['the account never stored its profiles', false, account],
    ] as Array<[string, boolean, StoredUser | null]>)('%s → settled: %s', async (_, settled, user) => {
      expect(await check(user)?.({ userId, profileId: gone._id.toHexString() }, entry)).toBe(settled);
    });
  });

  describe('user.updated: made while the stored user is the announced one, its language too (issue 26)', () => {
    const account = storedUser();
    const announced = {
      userId: account._id.toHexString(),
      username: account.username,
      email: account.email,
      role: account.role,
      status: account.status,
    };
    const check = (user: StoredUser | null) => checksOver(user)['user.updated'];

    it.each([
      ['the language was written', true, { ...account, language: 'hi' }, 'hi'],
      ['the language was not written', false, account, 'hi'],
      ['English, and the account never stored one', true, account, 'en'],
      ['an entry from before the language was announced', true, { ...account, language: 'hi' }, undefined],
      ['the account is gone', false, null, 'hi'],
    ] as Array<[string, boolean, StoredUser | null, 'en' | 'hi' | undefined]>)(
      '%s → settled: %s',
      async (_, settled, user, language) => {
        expect(await check(user)?.({ ...announced, ...(language ? { language } : {}) }, entry)).toBe(settled);
      },
    );
  });
});
