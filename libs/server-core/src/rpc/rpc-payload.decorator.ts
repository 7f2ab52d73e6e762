import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import { z } from 'zod';
import { RpcEnvelopeSchema } from '@app/contracts';
import { validate } from '../errors/validate';

// The schema travels wrapped: Nest treats a bare decorator argument with a `transform` method (as zod schemas have) as a pipe.
const payloadOf = createParamDecorator(({ schema }: { schema: z.ZodType }, ctx: ExecutionContext) => {
  const envelope = validate(RpcEnvelopeSchema, ctx.switchToRpc().getData(), 'message');
  return validate(schema, envelope.data);
});

/** Unwraps the gateway's RPC envelope and validates its data against a contract schema (defence in depth). */
export const RpcPayload = (schema: z.ZodType) => payloadOf({ schema });
