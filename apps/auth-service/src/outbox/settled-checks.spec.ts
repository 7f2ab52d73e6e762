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
});
