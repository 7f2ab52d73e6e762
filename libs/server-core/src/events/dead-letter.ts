import { ENVELOPE_FIELD, envelopeJson } from './event-envelope';

/** Where messages go that no handler will ever accept: poison and malformed ones, with why. */
export const DEAD_LETTER_STREAM = 'events.dead';

export const DeadLetterReason = {
  Malformed: 'malformed',
  HandlerFailed: 'handler-failed',
  TooManyDeliveries: 'too-many-deliveries',
} as const;
export type DeadLetterReason = (typeof DeadLetterReason)[keyof typeof DeadLetterReason];

/**
 * After a handler failed: poison once it has been delivered `maxDeliveries` times.
 * Before running it: poison when delivered more often than that, which happens when a consumer
 * dies while handling it (the handler never got to fail, so the check above never ran).
 */
export const isPoison = (deliveries: number, maxDeliveries: number, handlerFailed: boolean): boolean =>
  handlerFailed ? deliveries >= maxDeliveries : deliveries > maxDeliveries;

export type DeadLetter = {
  group: string;
  messageId: string;
  reason: DeadLetterReason;
  error: string;
  deliveries: number;
  fields: readonly string[] | null;
};

/** The flat field list of a dead-letter entry; the original envelope text is kept as it was, even when it is not JSON. */
export const deadLetterFields = (
  { group, messageId, reason, error, deliveries, fields }: DeadLetter,
  now = new Date(),
) => [
  ENVELOPE_FIELD,
  (fields && envelopeJson(fields)) ?? '',
  'group',
  group,
  'messageId',
  messageId,
  'reason',
  reason,
  'error',
  error,
  'deliveries',
  String(deliveries),
  'deadAt',
  now.toISOString(),
];
