import { z } from 'zod';

export const Role = { User: 'user', Admin: 'admin' } as const;
export type Role = (typeof Role)[keyof typeof Role];

export const UserStatus = { Active: 'active', Suspended: 'suspended', Banned: 'banned' } as const;
export type UserStatus = (typeof UserStatus)[keyof typeof UserStatus];

/** Who is calling, as the gateway learns it from auth-service for every authenticated request. */
export const SessionUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  role: z.enum([Role.User, Role.Admin]),
  status: z.enum([UserStatus.Active, UserStatus.Suspended, UserStatus.Banned]),
  /** The session (token id) this request runs under; logout revokes it. */
  sessionId: z.string(),
});
export type SessionUser = z.infer<typeof SessionUserSchema>;

export const ResolveSessionSchema = z.object({ token: z.string().min(1).max(4096) }).strict();
export type ResolveSession = z.infer<typeof ResolveSessionSchema>;

export const AuthPatterns = {
  /** token → SessionUser; fails Unauthorized when the token is bad, expired or revoked, Forbidden when the account is not active. */
  resolveSession: 'auth.sessions.resolve',
} as const;

/** SPEC 8: what a call without a usable token is answered. */
export const AUTH_REQUIRED_MESSAGE = 'Authentication required';
