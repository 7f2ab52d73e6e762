import { z } from 'zod';
import { type UserRef, UserRefSchema } from './audit';
import { HealthStatus } from './services';
import { type SessionProfile, SessionProfileSchema } from './session-profile';

/**
 * What the gateway sends with every RPC: the request payload plus the caller's correlation id, and the signed-in
 * caller (`actor`) when there is one, which services write into the audit log (never used to authorise: the gateway
 * has done that). `deadline` (epoch ms) is when the caller stops waiting for the answer: a service drops a request
 * whose deadline has passed before it starts it (its answer would reach nobody). An absolute time rather than a
 * budget, so time spent in NATS and in a busy service's socket counts too; hosts keep their clocks within
 * milliseconds (NTP), far inside the timeout.
 */
export type RpcEnvelope<T> = {
  correlationId: string;
  actor?: UserRef;
  /**
   * The profile the caller's session acts as (DECISIONS 36, 37): services key a viewer's data by its id and keep
   * titles above its ceiling out of every answer. Set by the gateway from the session, never from a client field.
   */
  profile?: SessionProfile;
  deadline?: number;
  data: T;
};

/** The envelope's deadline, read without parsing the rest (a service checks it before admitting the request). */
export const deadlineOf = (envelope: unknown): number | undefined => {
  const deadline = (envelope as { deadline?: unknown } | null)?.deadline;
  return typeof deadline === 'number' ? deadline : undefined;
};

export const RpcEnvelopeSchema = z.object({
  correlationId: z.string().max(128),
  deadline: z.number().optional().catch(undefined),
  // Dropped rather than refused when malformed: it only labels audit entries.
  actor: UserRefSchema.optional().catch(undefined),
  // Refused when malformed: it decides what a viewer may see, so a broken one must not read as "no profile".
  profile: SessionProfileSchema.optional(),
  data: z.unknown(),
});

/**
 * One RPC, described once: its message pattern (the NATS subject), the schema of its payload and the schema of its
 * reply. The service's `@RpcHandler(rpc)` and `@RpcPayload()` validate the payload; its RPC server checks the reply
 * as it sends it (`rpcByPattern`), and the gateway's `ServiceClient.send(rpc, payload)` reads it.
 */
export type RpcDescriptor<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> = {
  readonly pattern: string;
  readonly request: Req;
  readonly reply: Res;
  /**
   * A read that changes nothing (`query(...)`): when no replica answered (NATS "no responders", or a timeout because
   * the replica that took it died), the gateway's client sends it once more. Never set on a write: a timed-out
   * write may have happened.
   */
  readonly idempotent?: true;
};

export const rpc = <Req extends z.ZodType, Res extends z.ZodType>(
  pattern: string,
  request: Req,
  reply: Res,
): RpcDescriptor<Req, Res> => ({
  pattern,
  request,
  reply,
});

/** An RPC that only reads: safe to send twice, so the gateway retries it once when no replica answered. */
export const query = <Req extends z.ZodType, Res extends z.ZodType>(
  pattern: string,
  request: Req,
  reply: Res,
): RpcDescriptor<Req, Res> => ({ ...rpc(pattern, request, reply), idempotent: true });

/** What a caller may send (before the service's parsing). */
export type RpcRequest<R extends RpcDescriptor> = z.input<R['request']>;
/** What the service answers. */
export type RpcReply<R extends RpcDescriptor> = z.output<R['reply']>;

/** A payload with nothing in it. */
export const NoPayloadSchema = z.object({}).strict();

/** Pattern every service answers with its own health report. */
export const healthPattern = (service: string) => `${service}.health` as const;

const HealthStatusSchema = z.enum(HealthStatus);
export const HealthReportSchema = z.object({
  status: HealthStatusSchema,
  components: z.record(z.string(), z.object({ status: HealthStatusSchema, message: z.string().optional() })),
});

export const healthRpc = (service: string) =>
  query(healthPattern(service), NoPayloadSchema, HealthReportSchema);
