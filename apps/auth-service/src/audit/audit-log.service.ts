import { Injectable, Logger } from '@nestjs/common';
import type {
  AuditAction,
  AuditLogPage,
  AuditLogQuery,
  AuditOutcome,
  AuditTarget,
  EventEnvelope,
  EventPayload,
  UserRef,
} from '@app/contracts';
import { AuditOutcome as Outcome, AuditTargetType } from '@app/contracts';
import { RequestContext } from '@app/server-core';
import { UsersRepository } from '../users/users.repository';
import type { AuditEntryRecord } from './audit-entry.schema';
import { toAuditEntry } from './audit-log.mapper';
import { AuditLogRepository } from './audit-log.repository';

export type AuditRecord = {
  actor: UserRef;
  action: AuditAction;
  /** A user unless it says otherwise. */
  target: UserRef | AuditTarget;
  detail: string;
  before?: string | null;
  after?: string | null;
  outcome: AuditOutcome;
  reason?: string;
  actionId?: string;
};

const targetOf = (target: UserRef | AuditTarget): AuditTarget =>
  'type' in target ? target : { type: AuditTargetType.User, id: target.id, name: target.username };

/**
 * The admin audit log (DECISIONS 34; issue 22, finding 6): who did what to whom or to which title, when, what it
 * was before and after, how it ended, and the request that did it. auth-service's own actions are written here
 * directly; the other services' arrive as `audit.recorded` events.
 */
@Injectable()
export class AuditLogService {
  private readonly logger = new Logger(AuditLogService.name);

  constructor(
    private readonly entries: AuditLogRepository,
    private readonly users: UsersRepository,
  ) {}

  /**
   * Appends one entry, after the action it records. A failed write does not undo or fail the action (it has
   * happened); the entry goes to the service log instead, so it is never lost silently.
   */
  async record({ actor, action, target, detail, before, after, outcome, reason, actionId }: AuditRecord) {
    const { type, id, name } = targetOf(target);
    const entry: AuditEntryRecord = {
      at: new Date(),
      actorId: actor.id,
      actorUsername: actor.username,
      action,
      targetType: type,
      targetId: id,
      targetUsername: name,
      detail,
      before: before ?? null,
      after: after ?? null,
      outcome,
      reason: reason ?? null,
      actionId: actionId ?? null,
      correlationId: RequestContext.correlationId() ?? null,
    };
    await this.entries.append(entry).catch((error: unknown) =>
      this.logger.error({
        msg: 'audit entry not stored',
        entry,
        error: error instanceof Error ? error.message : String(error),
      }),
    );
  }

  /**
   * Another service's admin action (`audit.recorded`): stored once per event (a redelivery finds it stored), at the
   * time it happened, with a user target's username as it is now when the service did not name it. A failed write
   * throws, so the event is retried.
   */
  async recordEvent({
    id,
    occurredAt,
    correlationId,
    payload,
  }: EventEnvelope<EventPayload<'audit.recorded'>>): Promise<void> {
    const { actor, action, target, detail, before, after } = payload;
    await this.entries.append({
      at: new Date(occurredAt),
      actorId: actor.id,
      actorUsername: actor.username,
      action,
      targetType: target.type,
      targetId: target.id,
      targetUsername: target.name ?? (await this.nameOf(target.type, target.id)),
      detail,
      before,
      after,
      outcome: Outcome.Applied,
      reason: null,
      actionId: null,
      correlationId: correlationId ?? null,
      eventId: id,
    });
  }

  async page({ page, pageSize, actor, target, action }: AuditLogQuery): Promise<AuditLogPage> {
    const { items, total } = await this.entries.page(
      { actor, target, action },
      (page - 1) * pageSize,
      pageSize,
    );
    return { data: items.map(toAuditEntry), page, pageSize, total };
  }

  /** A user's username (its id when the account is gone); anything else is named by its id. */
  private async nameOf(type: AuditTarget['type'], id: string): Promise<string> {
    if (type !== AuditTargetType.User) return id;
    return (await this.users.findById(id))?.username ?? id;
  }
}
