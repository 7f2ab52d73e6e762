import { Role } from '@app/contracts';
import type { PasswordHasher } from '../passwords/password-hasher';
import type { UsersRepository } from '../users/users.repository';

/** Printed by `npm start` and listed in the README; development data only. */
export const DEMO_ACCOUNTS = [
  { username: 'Admin', email: 'admin@streamly.in', password: 'Admin@12345', role: Role.Admin },
  { username: 'Viewer', email: 'viewer@streamly.in', password: 'Viewer@12345', role: Role.User },
  // A second admin: promoting, demoting, banning and removing admins takes two (DECISIONS 34).
  { username: 'Deputy', email: 'deputy@streamly.in', password: 'Deputy@12345', role: Role.Admin },
] as const;

/**
 * Creates the demo accounts that do not exist yet, their emails verified (DECISIONS 33: they are ours); marks ones
 * made before verification existed as verified too. Returns how many were added.
 */
export const seedDemoAccounts = async (users: UsersRepository, hasher: PasswordHasher): Promise<number> => {
  let added = 0;
  for (const { username, email, password, role } of DEMO_ACCOUNTS) {
    const existing = await users.findByEmail(email);
    if (existing) {
      if (!existing.emailVerified) await users.markEmailVerified(existing._id.toHexString(), email);
      continue;
    }
    const passwordHash = await hasher.hash(password);
    if (await users.insertIfAbsent({ username, email, passwordHash, role, emailVerified: true })) added += 1;
  }
  return added;
};
