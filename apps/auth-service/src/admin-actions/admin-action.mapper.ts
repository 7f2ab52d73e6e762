import { AdminActionStatus } from '@app/contracts';
import type { AdminAction } from '@app/contracts';
import type { StoredAdminAction } from './admin-actions.repository';

/** A pending request past its expiry reads as expired, whether or not a write has closed it yet. */
export const toAdminAction = (action: StoredAdminAction, now: Date): AdminAction => ({
  id: action._id.toHexString(),
  kind: action.kind,
  target: { id: action.targetId, username: action.targetUsername },
  requestedBy: { id: action.requestedById, username: action.requestedByUsername },
  requestedAt: action.requestedAt.toISOString(),
  expiresAt: action.expiresAt.toISOString(),
  status:
    action.status === AdminActionStatus.Pending && action.expiresAt <= now
      ? AdminActionStatus.Expired
      : action.status,
  decidedBy:
    action.decidedById && action.decidedByUsername
      ? { id: action.decidedById, username: action.decidedByUsername }
      : null,
  decidedAt: action.decidedAt ? action.decidedAt.toISOString() : null,
  reason: action.reason ?? null,
});
