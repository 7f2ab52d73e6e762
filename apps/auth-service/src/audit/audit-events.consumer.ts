import { Module } from '@nestjs/common';
import type { EventHandlers } from '@app/server-core';
import { EventsModule } from '@app/server-core';
import { AuditLogService } from './audit-log.service';
import { AuditModule } from './audit.module';

/** auth-service's consumer group: it gets every event once. */
export const CONSUMER_GROUP = 'auth-service';

/**
 * The other services' admin actions (issue 22, finding 6). No IdempotencyStore: the entry's unique event id
 * stores a redelivered event once.
 */
export const auditEventHandlers = (audit: AuditLogService): EventHandlers => ({
  'audit.recorded': (event) => audit.recordEvent(event),
});

@Module({
  imports: [
    EventsModule.forConsumer({
      group: CONSUMER_GROUP,
      imports: [AuditModule],
      inject: [AuditLogService],
      handlers: auditEventHandlers,
    }),
  ],
})
export class AuditEventsModule {}
