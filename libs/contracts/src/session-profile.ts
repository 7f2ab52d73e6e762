import { z } from 'zod';
import { Classification } from './classification';
import { ProfileKind } from './profile-kind';

/**
 * The profile a session acts as, as the gateway learns it with the session (never from a client field), and as
 * it travels to services in the RPC envelope (DECISIONS 36, 37). Apart from profiles.ts so rpc.ts can use it.
 */
export const SessionProfileSchema = z.object({
  id: z.string(),
  kind: z.enum(ProfileKind),
  maturityCeiling: z.enum(Classification),
  /** What people call it: the account's screens in use name the profile of each (issue 25). */
  name: z.string().optional(),
});
export type SessionProfile = z.infer<typeof SessionProfileSchema>;

/**
 * The profile a stored record or an event names: its `profileId`, or, on those from before profiles, the account's
 * default profile, whose id is the account's (auth-service's household.ts).
 */
export const profileIdOf = ({ userId, profileId }: { userId: string; profileId?: string | null }): string =>
  profileId ?? userId;
