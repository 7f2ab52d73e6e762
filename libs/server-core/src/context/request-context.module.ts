import type { DynamicModule, ExecutionContext } from '@nestjs/common';
import { ClsModule } from 'nestjs-cls';
import type { Request } from 'express';
import { RpcEnvelopeSchema } from '@app/contracts';
import { correlationIdOfRequest } from '../http/correlation-id.middleware';

const correlationIdOfRpc = (context: ExecutionContext): string | undefined => {
  const envelope = RpcEnvelopeSchema.safeParse(context.switchToRpc().getData());
  return envelope.success ? envelope.data.correlationId : undefined;
};

/**
 * The one request-context setup of the gateway and every service: HTTP requests get a context from middleware
 * (after the `correlationId` middleware chose the id), RPC handlers one restored from the envelope by a global
 * guard, before the handler's payload is even parsed. A guard, not an interceptor: an interceptor wraps every
 * call in an Observable and an AsyncResource, which cost the catalogue a third of its RPC throughput.
 */
export const RequestContextModule = {
  forRoot: (): DynamicModule =>
    ClsModule.forRoot({
      global: true,
      middleware: {
        mount: true,
        setup: (cls, req: Request) => cls.set('correlationId', correlationIdOfRequest(req)),
      },
      guard: {
        mount: true,
        setup: (cls, context) => {
          if (context.getType() === 'rpc') cls.set('correlationId', correlationIdOfRpc(context));
        },
      },
    }),
};
