import type { AuditEntry } from '@app/contracts';
import type { StoredAuditEntry } from './audit-log.repository';

export const toAuditEntry = (entry: StoredAuditEntry): AuditEntry => ({
  id: entry._id.toHexString(),
  at: entry.at.toISOString(),
  actor: { id: entry.actorId, username: entry.actorUsername },
  action: entry.action,
  target: { id: entry.targetId, username: entry.targetUsername },
  detail: entry.detail,
  outcome: entry.outcome,
  reason: entry.reason ?? null,
  actionId: entry.actionId ?? null,
});
