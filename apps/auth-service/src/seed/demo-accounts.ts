import { Role } from '@app/contracts';
import type { PasswordHasher } from '../passwords/password-hasher';
import type { UsersRepository } from '../users/users.repository';

/** Printed by `npm start` and listed in the README; development data only. */
export const DEMO_ACCOUNTS = [
  { username: 'Admin', email: 'admin@streamly.in', password: 'Admin@12345', role: Role.Admin },
  { username: 'Viewer', email: 'viewer@streamly.in', password: 'Viewer@12345', role: Role.User },
] as const;

/** Creates the demo accounts that do not exist yet; returns how many were added. */
export const seedDemoAccounts = async (users: UsersRepository, hasher: PasswordHasher): Promise<number> => {
  let added = 0;
  for (const { username, email, password, role } of DEMO_ACCOUNTS) {
    if (await users.findByEmail(email)) continue;
    if (await users.insertIfAbsent({ username, email, passwordHash: await hasher.hash(password), role }))
      added += 1;
  }
  return added;
};
