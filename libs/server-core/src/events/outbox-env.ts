import { z } from 'zod';
import { Events, type EventType } from '@app/contracts';

const eventTypes = Object.keys(Events) as [EventType, ...EventType[]];

/** Environment keys of every service that announces events through the outbox; spread into its env schema. */
export const outboxEnvShape = {
  /** How often the relay looks for entries to publish. */
  OUTBOX_RELAY_INTERVAL_MS: z.coerce.number().int().min(10).default(1_000),
  /**
   * How long an entry belongs to whoever took it: the request making its change, then a relay publishing it. Past
   * it, a relay settles an entry its process left (it died): longer than any change takes.
   */
  OUTBOX_GRACE_MS: z.coerce.number().int().min(100).default(30_000),
  /** Tests only, honoured with NODE_ENV=test: die (SIGKILL) right after a change announcing this event type, before its publish. */
  OUTBOX_TEST_CRASH_AFTER_CHANGE: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(eventTypes).optional(),
  ),
};
export type OutboxEnv = z.infer<z.ZodObject<typeof outboxEnvShape>> & { NODE_ENV: string };
