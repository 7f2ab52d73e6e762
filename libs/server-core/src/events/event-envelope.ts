import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { EventEnvelope, EventPayload, EventType } from '@app/contracts';
import { Events } from '@app/contracts';
import { RequestContext } from '../context/request-context';
import { validate } from '../errors/validate';

/** The one stream-entry field that holds the JSON envelope. */
export const ENVELOPE_FIELD = 'envelope';

/** An envelope whose `type` names its payload. */
export type TypedEventEnvelope<T extends EventType> = EventEnvelope<EventPayload<T>> & { type: T };

const EnvelopeSchema = z.object({
  id: z.string().min(1).max(128),
  type: z.string().min(1).max(128),
  occurredAt: z.iso.datetime({ offset: true }),
  payload: z.unknown(),
  correlationId: z.string().max(128).optional(),
});

/** The contract schema of one event type (indexing the catalogue with a generic key loses the link to T). */
const schemaOf = <T extends EventType>(type: T) => Events[type] as unknown as z.ZodType<EventPayload<T>>;

/** What a stored event keeps of its first announcement: its id and the request that made it. */
export type EnvelopeIdentity = { id?: string; correlationId?: string };

/**
 * Validates the payload against the contract and wraps it, with the correlation id of the request publishing it
 * (if any); throws a ValidationFailed AppError on a bad payload. `identity`: an event announced again (the outbox)
 * keeps its id and correlation id.
 */
export const buildEnvelope = <T extends EventType>(
  type: T,
  payload: EventPayload<T>,
  now: Date = new Date(),
  identity: EnvelopeIdentity = {},
): TypedEventEnvelope<T> => {
  const correlationId = identity.correlationId ?? RequestContext.correlationId();
  return {
    id: identity.id ?? randomUUID(),
    type,
    occurredAt: now.toISOString(),
    payload: validate(schemaOf(type), payload, `${type} payload`),
    ...(correlationId ? { correlationId } : {}),
  };
};

export type Decoded<T> = { ok: true; value: T } | { ok: false; reason: string };

const fail = (reason: string): { ok: false; reason: string } => ({ ok: false, reason });

/** Reads the envelope out of a stream entry's flat `[field, value, …]` list; checks its shape, not its payload. */
export const decodeEnvelope = (fields: readonly string[] | null): Decoded<EventEnvelope<unknown>> => {
  if (!fields) return fail('entry no longer in the stream');
  const raw = envelopeJson(fields);
  if (raw === undefined) return fail(`no "${ENVELOPE_FIELD}" field`);
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return fail('envelope is not JSON');
  }
  const parsed = EnvelopeSchema.safeParse(json);
  if (!parsed.success) return fail(`bad envelope: ${describeIssues(parsed.error)}`);
  return { ok: true, value: parsed.data };
};

export const isEventType = (type: string): type is EventType => Object.hasOwn(Events, type);

/** Checks the payload against the contract schema of the envelope's type; the result carries the parsed payload. */
export const decodePayload = <T extends EventType>(
  type: T,
  envelope: EventEnvelope<unknown>,
): Decoded<TypedEventEnvelope<T>> => {
  const parsed = schemaOf(type).safeParse(envelope.payload);
  if (!parsed.success) return fail(`bad ${type} payload: ${describeIssues(parsed.error)}`);
  return { ok: true, value: { ...envelope, type, payload: parsed.data } };
};

export const envelopeJson = (fields: readonly string[]): string | undefined => {
  for (let i = 0; i + 1 < fields.length; i += 2) {
    if (fields[i] === ENVELOPE_FIELD) return fields[i + 1];
  }
  return undefined;
};

const describeIssues = (error: z.ZodError) =>
  error.issues.map((issue) => `${issue.path.join('.') || '(root)'} ${issue.message}`).join('; ');
