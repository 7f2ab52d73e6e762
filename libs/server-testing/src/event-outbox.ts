import { Events, type EventType } from '@app/contracts';
import { type EventBus, memoryOutboxStore, Outbox, type SettledChecks } from '@app/server-core';

/** Every event type counts as settled: nothing in a rule spec is left pending. */
const everySettled = Object.fromEntries(
  Object.keys(Events).map((type) => [type, async () => true]),
) as SettledChecks;

/**
 * The real Outbox over an in-memory store, publishing each event (one by one, also from `publishMany`) as `events.publish(type, payload)` (a rule spec's
 * fake, a jest.fn): a service's rules announce through it as they do in the app, without MongoDB or Redis.
 * `entries`: what is still waiting (a change that failed, a publish that did).
 */
export const memoryOutbox = (events: {
  publish: (type: EventType, payload: unknown) => Promise<unknown>;
}) => {
  const { rows, store } = memoryOutboxStore();
  const bus: Pick<EventBus, 'publish' | 'publishMany'> = {
    publish: async (type, payload, { id = '' } = {}) => {
      await events.publish(type, payload);
      return id;
    },
    publishMany: async (many) => {
      for (const { type, payload } of many) await events.publish(type, payload);
      return many.map(({ id = '' }) => id);
    },
  };
  return { outbox: new Outbox(store, bus, everySettled, { graceMs: 60_000 }), entries: rows };
};
