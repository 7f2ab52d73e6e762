import type { SettledChecks } from '@app/server-core';
import type { SessionStore } from '../sessions/session.store';
import { languageOf } from '../users/user.mapper';
import type { UsersRepository } from '../users/users.repository';

/**
 * "Is the fact stored?" for each event auth-service announces, asked by the outbox's relay about an entry whose
 * process died after storing it, before saying whether its change was made (issue 29 §1). Read-only.
 */
export const settledChecks = (users: UsersRepository, sessions: SessionStore): SettledChecks => ({
  'user.registered': async ({ userId }) => (await users.findById(userId)) !== null,
  // A user changed again since is announced by that change: this snapshot counts only while it is the stored one.
  'user.updated': async ({ userId, username, email, role, status, language }) => {
    const user = await users.findById(userId);
    return (
      user !== null &&
      user.username === username &&
      user.email === email &&
      user.role === role &&
      user.status === status &&
      // Issue 26: absent from entries stored before the language was announced.
      (language === undefined || languageOf(user) === language)
    );
  },
  // The account is gone, or its stored profiles no longer hold this one.
  'profile.deleted': async ({ userId, profileId }) => {
    const user = await users.findById(userId);
    return (
      user === null ||
      (user.profiles !== undefined && !user.profiles.some(({ _id }) => _id.toHexString() === profileId))
    );
  },
  'user.deleted': async ({ userId }) => (await users.findById(userId)) === null,
  'session.revoked': async ({ userId, sessionId }, { occurredAt }) => {
    if (sessionId !== null) return (await sessions.userOf(sessionId)) === null;
    // Every session: the account went, or its sessions were ended after the entry was stored.
    const user = await users.findById(userId);
    return user === null || (user.sessionsEndedAt !== undefined && user.sessionsEndedAt >= occurredAt);
  },
});
