import type { AuditEntry } from '@app/contracts';
import { AuditTargetType } from '@app/contracts';
import type { StoredAuditEntry } from './audit-log.repository';

export const toAuditEntry = (entry: StoredAuditEntry): AuditEntry => ({
  id: entry._id.toHexString(),
  at: entry.at.toISOString(),
  actor: { id: entry.actorId, username: entry.actorUsername },
  action: entry.action,
  target: {
    type: entry.targetType ?? AuditTargetType.User,
    id: entry.targetId,
    name: entry.targetUsername,
  },
  detail: entry.detail,
  before: entry.before ?? null,
  after: entry.after ?? null,
  outcome: entry.outcome,
  reason: entry.reason ?? null,
  actionId: entry.actionId ?? null,
  correlationId: entry.correlationId ?? null,
});
