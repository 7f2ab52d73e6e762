import { Types } from 'mongoose';
import { Role, UserStatus } from '@app/contracts';
import { memoryOutbox } from '@app/server-testing';
import type { OtpStore } from '../password-reset/otp.store';
import type { RateLimiter } from '../rate-limit/rate-limiter';
import type { StoredUser, UserChanges, UsersRepository } from './users.repository';
import { isActiveAdmin, UsersService } from './users.service';

/** Test support for the rule specs (the repository seam); nothing in the app imports it. */

export const storedUser = (changes: Partial<StoredUser> = {}): StoredUser =>
  ({
    _id: new Types.ObjectId(),
    username: 'asha',
    email: `asha-${Math.random().toString(36).slice(2)}@example.in`,
    passwordHash: 'hash',
    role: Role.User,
    status: UserStatus.Active,
    tokenVersion: 0,
    createdAt: new Date('2026-01-01'),
    ...changes,
  }) as StoredUser;

/** UsersService over an in-memory users table with the repository's conditional writes: the rules, not Mongo or Redis. */
export const usersOverMemory = (...rows: StoredUser[]) => {
  const table = new Map(rows.map((row) => [row._id.toHexString(), row]));
  const write = (id: string, changes: UserChanges, when: (row: StoredUser) => boolean = () => true) => {
    const row = table.get(id);
    if (!row || !when(row)) return null;
    const updated = { ...row, ...changes };
    table.set(id, updated);
    return updated;
  };
  const users = {
    findById: jest.fn(async (id: string) => table.get(id) ?? null),
    update: jest.fn(async (id: string, changes: UserChanges) => write(id, changes)),
    updateWhile: jest.fn(async (id: string, wasActiveAdmin: boolean, changes: UserChanges) =>
      write(id, changes, (row) => isActiveAdmin(row) === wasActiveAdmin),
    ),
    undo: jest.fn(async (id: string, written: Pick<StoredUser, 'role' | 'status'>, previous: UserChanges) => {
      write(id, previous, (row) => row.role === written.role && row.status === written.status);
    }),
    endSessions: jest.fn(async (id: string) => {
      const row = table.get(id);
      if (row) table.set(id, { ...row, tokenVersion: row.tokenVersion + 1 });
    }),
    remove: jest.fn(async (id: string) => table.delete(id)),
    countActiveAdmins: jest.fn(async () => [...table.values()].filter(isActiveAdmin).length),
  };
  const otps = { remove: jest.fn(async () => undefined) };
  const limiter = { forgetEmail: jest.fn(async () => undefined) };
  const events = { publish: jest.fn(async () => 'event-id') };
  const service = new UsersService(
    users as unknown as UsersRepository,
    otps as unknown as OtpStore,
    limiter as unknown as RateLimiter,
    memoryOutbox(events).outbox,
  );
  const admins = () => [...table.values()].filter(isActiveAdmin);
  return {
    service,
    table,
    users,
    repository: users as unknown as UsersRepository,
    otps,
    limiter,
    events,
    admins,
  };
};

/** The error a promise was refused with, or null when it resolved. */
export const refusal = <E = Error>(promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error as E,
  );
