import { Injectable, Logger } from '@nestjs/common';
import type { AuditAction, AuditLogPage, AuditLogQuery, AuditOutcome, UserRef } from '@app/contracts';
import { toAuditEntry } from './audit-log.mapper';
import { AuditLogRepository } from './audit-log.repository';

export type AuditRecord = {
  actor: UserRef;
  action: AuditAction;
  target: UserRef;
  detail: string;
  outcome: AuditOutcome;
  reason?: string;
  actionId?: string;
};

/** The admin audit log (DECISIONS 34): who did what to whom, when, and how it ended. */
@Injectable()
export class AuditLogService {
  private readonly logger = new Logger(AuditLogService.name);

  constructor(private readonly entries: AuditLogRepository) {}

  /**
   * Appends one entry, after the action it records. A failed write does not undo or fail the action (it has
   * happened); the entry goes to the service log instead, so it is never lost silently.
   */
  async record({ actor, action, target, detail, outcome, reason, actionId }: AuditRecord): Promise<void> {
    const entry = {
      at: new Date(),
      actorId: actor.id,
      actorUsername: actor.username,
      action,
      targetId: target.id,
      targetUsername: target.username,
      detail,
      outcome,
      reason: reason ?? null,
      actionId: actionId ?? null,
    };
    await this.entries.append(entry).catch((error: unknown) =>
      this.logger.error({
        msg: 'audit entry not stored',
        entry,
        error: error instanceof Error ? error.message : String(error),
      }),
    );
  }

  async page({ page, pageSize }: AuditLogQuery): Promise<AuditLogPage> {
    const { items, total } = await this.entries.page((page - 1) * pageSize, pageSize);
    return { data: items.map(toAuditEntry), page, pageSize, total };
  }
}
