import type { SessionProfile } from '@app/contracts';
import { RequestContext } from '@app/server-core';

/**
 * An account with its default profile (id = the account's, ceiling A) and a kids profile (U/A 7+), and `as`, which
 * runs a call as the account's session acting as one of them, the way the gateway sends it (issue 25).
 */
export const aHousehold = (newId: () => string, label = 'household') => {
  const userId = newId();
  const parent: SessionProfile = { id: userId, kind: 'standard', maturityCeiling: 'A' };
  const child: SessionProfile = { id: newId(), kind: 'kids', maturityCeiling: 'UA7' };
  const as = <T>(profile: SessionProfile, work: () => Promise<T>) =>
    RequestContext.run(
      { correlationId: `${label}-${profile.id}`, actor: { id: userId, username: 'asha' }, profile },
      work,
    );
  return { userId, parent, child, as };
};
