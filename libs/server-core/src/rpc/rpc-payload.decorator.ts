import type { ExecutionContext } from '@nestjs/common';
import { applyDecorators, createParamDecorator, SetMetadata } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import type { z } from 'zod';
import type { RpcDescriptor, RpcReply } from '@app/contracts';
import { RpcEnvelopeSchema } from '@app/contracts';
import { validate } from '../errors/validate';
import type { JsonReply } from './rpc-reply';

const RPC_DESCRIPTOR = 'rpc:descriptor';

/** What a handler of `R` answers: the contract's reply, or its JSON checked when written (a cached page). */
type HandlerReply<R extends RpcDescriptor> = RpcReply<R> | JsonReply<RpcReply<R>>;

/**
 * Marks a handler as the service side of one described RPC: it answers the descriptor's pattern, `@RpcPayload()`
 * parses its payload by the descriptor's request schema, and the compiler holds its return to the reply schema.
 */
export const RpcHandler =
  <R extends RpcDescriptor>(rpc: R) =>
  // Any parameters (`never` accepts every list); the answer must be the contract's reply.
  <M extends (...args: never) => HandlerReply<R> | Promise<HandlerReply<R>>>(
    target: object,
    key: string | symbol,
    descriptor: TypedPropertyDescriptor<M>,
  ) => {
    applyDecorators(MessagePattern(rpc.pattern), SetMetadata(RPC_DESCRIPTOR, rpc))(target, key, descriptor);
  };

// The schema travels wrapped: Nest treats a bare decorator argument with a `transform` method (as zod schemas have) as a pipe.
const payloadOf = createParamDecorator(({ schema }: { schema?: z.ZodType }, ctx: ExecutionContext) => {
  const envelope = validate(RpcEnvelopeSchema, ctx.switchToRpc().getData(), 'message');
  const contract =
    schema ?? (Reflect.getMetadata(RPC_DESCRIPTOR, ctx.getHandler()) as RpcDescriptor | undefined)?.request;
  if (!contract)
    throw new Error(`@RpcPayload() without a schema needs @RpcHandler(rpc) on ${ctx.getHandler().name}`);
  return validate(contract, envelope.data);
});

/**
 * Unwraps the gateway's RPC envelope and validates its data (defence in depth): by the `@RpcHandler` descriptor's
 * request schema, or by the schema given.
 */
export const RpcPayload = (schema?: z.ZodType) => payloadOf({ schema });
