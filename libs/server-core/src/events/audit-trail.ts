import { Injectable, Logger } from '@nestjs/common';
import type { AuditAction, AuditRecorded, AuditTargetType, UserRef } from '@app/contracts';
import { AuditTargetType as TargetType } from '@app/contracts';
import { RequestContext } from '../context/request-context';
import { EventBus } from './event-bus';

/** One admin action, as a service describes it; who acted and the correlation id come from the request context. */
export type AuditNote = {
  action: AuditAction;
  /** `name` may be left out for a user: auth-service fills in the username. */
  target: { type: AuditTargetType; id: string; name?: string | null };
  detail: string;
  before?: string | null;
  after?: string | null;
};

/** A change to one viewer's data: the viewer is the target. */
export type ViewerNote = Omit<AuditNote, 'target'>;

/** The actor of a change no request names (a command-line tool, a background job). */
export const SYSTEM_ACTOR: UserRef = { id: 'system', username: 'system' };

/** The event's summaries are bounded (AuditRecordedSchema): a long one is cut, never refused. */
const SUMMARY_MAX = 1000;
const bounded = (text: string) => (text.length > SUMMARY_MAX ? `${text.slice(0, SUMMARY_MAX - 1)}…` : text);

/**
 * The audit log of admin actions outside auth-service (issue 22, finding 6): each becomes an `audit.recorded` event
 * that auth-service's audit log stores, naming the acting admin (the RPC envelope's actor) and carrying the
 * request's correlation id. Called once the change is made, one line per admin method.
 */
@Injectable()
export class AuditTrail {
  private readonly logger = new Logger(AuditTrail.name);

  constructor(private readonly events: EventBus) {}

  /**
   * Publishes the entry. A failure does not undo or fail the action (it has happened): the entry goes to the
   * service's log instead, so it is never lost silently (as auth-service does with its own entries).
   */
  async record({ action, target, detail, before = null, after = null }: AuditNote): Promise<void> {
    const entry: AuditRecorded = {
      actor: RequestContext.actor() ?? SYSTEM_ACTOR,
      action,
      target: { type: target.type, id: target.id, name: target.name ?? null },
      detail: bounded(detail),
      before: before === null ? null : bounded(before),
      after: after === null ? null : bounded(after),
    };
    try {
      await this.events.publish('audit.recorded', entry);
    } catch (error) {
      this.logger.error({
        msg: 'audit entry not published',
        entry,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }

  /**
   * A change to a viewer's own data (favorites, history, settings): recorded only when someone other than the
   * viewer made it, which the gateway allows only an admin (DECISIONS 16). The viewer's own changes are not admin
   * actions. `note` may be a function, so a description that costs a look-up is made only when it is recorded.
   */
  async recordForViewer(userId: string, note: ViewerNote | (() => Promise<ViewerNote>)): Promise<void> {
    const actor = RequestContext.actor();
    if (!actor || actor.id === userId) return;
    const described = typeof note === 'function' ? await note() : note;
    await this.record({ ...described, target: { type: TargetType.User, id: userId } });
  }
}
