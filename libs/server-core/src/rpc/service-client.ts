import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Logger } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
// Not re-exported by the package's index; it is how ClientNats reports NATS' "no responders".
import { EmptyResponseException } from '@nestjs/microservices/errors/empty-response.exception';
import { firstValueFrom, timeout, TimeoutError } from 'rxjs';
import type { RpcDescriptor, RpcEnvelope, RpcReply, RpcRequest, ServiceName } from '@app/contracts';
import { ErrorCode, serviceUnavailableMessage } from '@app/contracts';
import { RequestContext } from '../context/request-context';
import { AppError, isErrorCode } from '../errors/app-error';
import { MuxedClientNats } from './muxed-nats-client';
import { natsConnectionOptions, type NatsSettings } from './nats';
import { checkReply, JsonReply, RpcReplyDeserializer } from './rpc-reply';

/** Pause before resending a read nobody was subscribed for (a replica restarting), so the retry can find one. */
const NO_RESPONDERS_PAUSE_MS = 100;

/**
 * One NATS connection for every service client of an app (the gateway holds one, not one per service), its replies
 * on one subscription (MuxedClientNats).
 */
export const createRpcProxy = (settings: NatsSettings, name: string): RpcProxy =>
  new MuxedClientNats({
    ...natsConnectionOptions(settings, name, { waitOnFirstConnect: false }),
    deserializer: new RpcReplyDeserializer(),
  });

/** What a ServiceClient needs of Nest's client: requests and the end. */
export type RpcProxy = Pick<ClientProxy, 'send' | 'close'>;

export type ServiceClientOptions = {
  /** How long to wait for a reply (a read with no answer is sent once more: twice this at most). */
  timeoutMs: number;
  /** Prepended to every subject; tests only (see `RpcServer`): production subjects are the patterns themselves. */
  subjectPrefix?: string;
};

export type RequestOptions = {
  /** Send once more when no replica answered (reads only: see `RpcDescriptor.idempotent`). */
  retryUnanswered?: boolean;
};

/**
 * Typed wrapper over a NATS ClientProxy for one service: every call has a timeout (sent along as the envelope's
 * deadline), carries the request context's correlation id (a new one outside a request), and failures become
 * AppErrors (a service at its admission limit: OVERLOADED, which the gateway answers 503 + Retry-After). Requests go to the service's
 * subjects; NATS hands each to one replica of the service's queue group.
 */
export class ServiceClient {
  private readonly logger = new Logger(ServiceClient.name);
  private readonly timeoutMs: number;
  private readonly subjectPrefix: string;

  /** `proxy` may be shared by several clients; `close()` closes it only when this client made it (`connect`). */
  constructor(
    readonly service: ServiceName,
    private readonly proxy: RpcProxy,
    { timeoutMs, subjectPrefix = '' }: ServiceClientOptions,
    private readonly ownsProxy = false,
  ) {
    this.timeoutMs = timeoutMs;
    this.subjectPrefix = subjectPrefix;
  }

  /** A client with a connection of its own (tests, benches, tools). */
  static connect(service: ServiceName, settings: NatsSettings, options: ServiceClientOptions): ServiceClient {
    return new ServiceClient(service, createRpcProxy(settings, `${service}-client`), options, true);
  }

  /**
   * Calls one described RPC and answers its reply, checked against its contract once: by the service that sent it
   * (RpcServer, the checked frame), else here (a 500 when it breaks the contract). A read (`query(...)` in the
   * contracts) is sent once more when no replica answered.
   */
  async send<R extends RpcDescriptor>(rpc: R, payload: RpcRequest<R>): Promise<RpcReply<R>> {
    const reply = await this.call(rpc, payload);
    return reply instanceof JsonReply ? (reply.parse() as RpcReply<R>) : this.checked(rpc, reply);
  }

  /**
   * `send` for a reply passed on unchanged (an HTTP handler that answers it as it is): its JSON as the service wrote
   * it, never parsed here (issue 29 §3). Same checks as `send`.
   */
  async relay<R extends RpcDescriptor>(rpc: R, payload: RpcRequest<R>): Promise<JsonReply<RpcReply<R>>> {
    const reply = await this.call(rpc, payload);
    return reply instanceof JsonReply ? reply : JsonReply.of(this.checked(rpc, reply));
  }

  /** The untyped call under `send`: the reply as it came (tests use it to send what a contract forbids). */
  async request(pattern: string, data: unknown, options: RequestOptions = {}): Promise<unknown> {
    const reply = await this.exchange(pattern, data, options);
    return reply instanceof JsonReply ? reply.parse() : reply;
  }

  async close() {
    if (this.ownsProxy) await this.proxy.close();
  }

  private call<R extends RpcDescriptor>(rpc: R, payload: RpcRequest<R>) {
    return this.exchange(rpc.pattern, payload, { retryUnanswered: rpc.idempotent === true });
  }

  private checked<R extends RpcDescriptor>(rpc: R, reply: unknown): RpcReply<R> {
    return checkReply(rpc, reply, this.logger, { target: this.service });
  }

  /** One request and its reply: a `JsonReply` when the service checked it, else the reply as it came. */
  private async exchange(pattern: string, data: unknown, { retryUnanswered = false }: RequestOptions) {
    const actor = RequestContext.actor();
    const profile = RequestContext.profile();
    const envelope: RpcEnvelope<unknown> = {
      correlationId: RequestContext.correlationId() ?? randomUUID(),
      ...(actor ? { actor } : {}),
      ...(profile ? { profile } : {}),
      data,
    };
    const started = performance.now();
    try {
      const reply = await this.attempt(pattern, envelope).catch(async (error: unknown) => {
        const unanswered = unansweredBy(error);
        if (!retryUnanswered || !unanswered) throw error;
        this.logger.warn({
          msg: 'rpc unanswered, sending once more',
          target: this.service,
          pattern,
          unanswered,
        });
        if (unanswered === 'no responders') await sleep(NO_RESPONDERS_PAUSE_MS);
        return this.attempt(pattern, envelope);
      });
      this.logger.debug({
        msg: 'rpc answered',
        target: this.service,
        pattern,
        ms: Math.round(performance.now() - started),
      });
      return reply;
    } catch (error) {
      throw this.toAppError(pattern, error);
    }
  }

  /** One send; its deadline is when this attempt stops waiting, so a service drops it rather than start it late. */
  private attempt(pattern: string, envelope: RpcEnvelope<unknown>): Promise<unknown> {
    const sent: RpcEnvelope<unknown> = { ...envelope, deadline: Date.now() + this.timeoutMs };
    return firstValueFrom(
      this.proxy.send<unknown>(`${this.subjectPrefix}${pattern}`, sent).pipe(timeout(this.timeoutMs)),
    );
  }

  private toAppError(pattern: string, error: unknown): AppError {
    if (error instanceof AppError) return error;
    if (error instanceof TimeoutError) {
      return new AppError(ErrorCode.ServiceTimeout, serviceUnavailableMessage(this.service));
    }
    if (typeof error === 'object' && error !== null && 'code' in error && isErrorCode(error.code)) {
      const { code, message, details } = error as {
        code: ErrorCode;
        message?: string;
        details?: AppError['details'];
      };
      return new AppError(code, message ?? code, details);
    }
    this.logger.warn({
      msg: 'service call failed',
      target: this.service,
      pattern,
      error: describeError(error),
    });
    return new AppError(ErrorCode.ServiceUnavailable, serviceUnavailableMessage(this.service));
  }
}

/**
 * Why no replica answered, when that is the failure: NATS found no subscriber in the queue group (Nest surfaces the
 * server's empty "503 no responders" reply as an EmptyResponseException), or the replica that took the request
 * died before replying (the timeout).
 */
const unansweredBy = (error: unknown): 'no responders' | 'timeout' | undefined =>
  error instanceof EmptyResponseException
    ? 'no responders'
    : error instanceof TimeoutError
      ? 'timeout'
      : undefined;

const describeError = (error: unknown) =>
  error instanceof Error ? `${error.name}: ${error.message}` : JSON.stringify(error);
