import type { IncomingMessage } from 'node:http';
import type {
  CanActivate,
  DynamicModule,
  ExecutionContext,
  MiddlewareConsumer,
  NestModule,
} from '@nestjs/common';
import { Global, Injectable, Module } from '@nestjs/common';
import { APP_GUARD, HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { ErrorCode, RpcEnvelopeSchema } from '@app/contracts';
import { AppError } from '../errors/app-error';
import { correlationIdOfRequest } from '../http/correlation-id.middleware';
import { RequestContext } from './request-context';

/**
 * The correlation id, the acting user and the viewer's profile the gateway put in the RPC envelope; undefined when
 * the envelope names a profile it cannot parse (the ceiling it carries must never be read as "none").
 */
const contextOfRpc = (context: ExecutionContext) => {
  const data: unknown = context.switchToRpc().getData();
  const envelope = RpcEnvelopeSchema.safeParse(data);
  if (envelope.success) {
    const { correlationId, actor, profile } = envelope.data;
    return { correlationId, actor, profile };
  }
  const namesProfile = typeof data === 'object' && data !== null && 'profile' in data;
  return namesProfile ? undefined : { correlationId: undefined };
};

/** An HTTP request's context, holding the id the `correlationId` middleware chose (it runs first: `app.use`). */
const httpRequestContext = (req: IncomingMessage, _res: unknown, next: () => void) =>
  RequestContext.run({ correlationId: correlationIdOfRequest(req) }, next);

/**
 * An RPC's context, restored from the envelope before the handler's payload is even parsed. A guard, not an
 * interceptor: an interceptor wraps every call in an Observable and an AsyncResource, which cost the catalogue a
 * third of its RPC throughput.
 */
@Injectable()
class RpcRequestContextGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'rpc') return true;
    const values = contextOfRpc(context);
    if (!values) throw new AppError(ErrorCode.ValidationFailed, 'The request names a malformed profile');
    RequestContext.enter(values);
    return true;
  }
}

@Global()
@Module({ providers: [{ provide: APP_GUARD, useClass: RpcRequestContextGuard }] })
class RequestContextRootModule implements NestModule {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  configure(consumer: MiddlewareConsumer) {
    const adapter = this.adapterHost.httpAdapter;
    if (adapter.getType() === 'fastify') {
      // Fastify (the gateway): after the body is read, right before the handler. A middleware runs before Fastify
      // reads the body, and the body's stream events would run outside the context it opened.
      adapter
        .getInstance<FastifyInstance>()
        .addHook('preHandler', (request, _reply, done) => httpRequestContext(request.raw, undefined, done));
      return;
    }
    // Express 5 matches `use('/')` on every path.
    consumer.apply(httpRequestContext).forRoutes('/');
  }
}

/**
 * The one request-context setup of the gateway and every service (AsyncLocalStorage through nestjs-cls's
 * ClsService, see request-context.ts). Wired by hand rather than with `ClsModule.forRoot`: that module always adds a
 * global interceptor (a pass-through when not mounted), and every interceptor layer costs each request an Observable
 * chain and two AsyncResource bindings; its middleware and guard also awaited plugin and proxy-provider hooks (one
 * resolving a `require` on every request) this product does not use. Without it and without the metrics interceptor
 * the gateway spent 10–20 % less CPU per request (issue 15).
 */
export const RequestContextModule = {
  forRoot: (): DynamicModule => ({ module: RequestContextRootModule }),
};
