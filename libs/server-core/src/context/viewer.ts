import type { Classification } from '@app/contracts';
import { RequestContext } from './request-context';

/**
 * Whose viewer data a request reads or writes (DECISIONS 36), and the ceiling every title it answers stays within
 * (DECISIONS 37). `profileId` is the session's profile when the account acts on its own data, else (an admin acting
 * on a viewer's data, whose session names the admin's own profile; a call no session makes) the account's default
 * profile, whose id is the account's. `ceiling` is the caller's session's, whoever's data it reads; null when no
 * profile acts.
 */
export type Viewer = { userId: string; profileId: string; ceiling: Classification | null };

/** The viewer of `userId`'s data in the current request, from the RPC envelope's profile, never a client field. */
export const viewerOf = (userId: string): Viewer => {
  const profile = RequestContext.profile();
  const actor = RequestContext.actor();
  const own = profile !== undefined && (actor === undefined || actor.id === userId);
  return { userId, profileId: own ? profile.id : userId, ceiling: viewerCeiling() };
};

/** The ceiling of the request's profile (DECISIONS 37); null when no profile acts (a visitor, a job, an event). */
export const viewerCeiling = (): Classification | null => RequestContext.profile()?.maturityCeiling ?? null;

/** What viewer data is keyed by: the account and one of its profiles. */
export type ViewerKey = Pick<Viewer, 'userId' | 'profileId'>;
