import { z } from 'zod';

/** What the gateway sends with every RPC: the request payload plus the caller's correlation id. */
export type RpcEnvelope<T> = { correlationId: string; data: T };

export const RpcEnvelopeSchema = z.object({ correlationId: z.string().max(128), data: z.unknown() });

/** Pattern every service answers with its own health report. */
export const healthPattern = (service: string) => `${service}.health` as const;
