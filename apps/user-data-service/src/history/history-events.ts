import type { EventHandlers } from '@app/server-core';
import type { HistoryService } from './history.service';

/** The user-data-service's consumer group: it gets every event once. */
export const CONSUMER_GROUP = 'user-data-service';

/**
 * What history consumes. No IdempotencyStore: each effect is idempotent by its natural key (the conditional
 * upsert on user + title ordered by `reportedAt`; a delete by user), and a heartbeat every 10 s per viewer
 * should cost one write, not three.
 */
export const historyEventHandlers = (history: HistoryService): EventHandlers => ({
  'watch.progressed': async (event) => {
    await history.recordProgress(event.payload);
  },
  'user.deleted': async (event) => {
    await history.forgetUser(event.payload.userId);
  },
});
