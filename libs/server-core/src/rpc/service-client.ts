import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import { ClientProxyFactory, Transport } from '@nestjs/microservices';
import { firstValueFrom, timeout, TimeoutError } from 'rxjs';
import type { RpcDescriptor, RpcEnvelope, RpcReply, RpcRequest, ServiceName } from '@app/contracts';
import { ErrorCode } from '@app/contracts';
import { RequestContext } from '../context/request-context';
import { AppError, isErrorCode } from '../errors/app-error';

export type ServiceAddress = { host: string; port: number };

export const parseAddress = (value: string): ServiceAddress => {
  const [host, port] = value.split(':');
  return { host, port: Number(port) };
};

/**
 * Typed wrapper over a TCP ClientProxy: every call has a timeout, carries the request context's correlation id
 * (a new one outside a request), and failures become AppErrors.
 */
export class ServiceClient {
  private readonly logger = new Logger(ServiceClient.name);
  private readonly proxy: ClientProxy;

  constructor(
    readonly service: ServiceName,
    address: ServiceAddress,
    private readonly timeoutMs: number,
  ) {
    this.proxy = ClientProxyFactory.create({ transport: Transport.TCP, options: address });
  }

  /** Calls one described RPC; the reply is parsed by its contract schema (a reply that breaks it is a 500). */
  async send<R extends RpcDescriptor>(rpc: R, payload: RpcRequest<R>): Promise<RpcReply<R>> {
    const reply = await this.request(rpc.pattern, payload);
    const parsed = rpc.reply.safeParse(reply);
    // safeParse of R['reply'] yields z.output<R['reply']>; TypeScript loses that through the generic.
    if (parsed.success) return parsed.data as RpcReply<R>;
    const issues = parsed.error.issues
      .slice(0, 5)
      .map((issue) => `${issue.path.join('.') || '(root)'} ${issue.message}`);
    this.logger.error({
      msg: 'reply breaks its contract',
      target: this.service,
      pattern: rpc.pattern,
      issues,
    });
    throw new AppError(ErrorCode.Internal, 'Internal error');
  }

  /** The untyped call under `send`: the reply as it came (tests use it to send what a contract forbids). */
  async request(pattern: string, data: unknown): Promise<unknown> {
    const envelope: RpcEnvelope<unknown> = {
      correlationId: RequestContext.correlationId() ?? randomUUID(),
      data,
    };
    const started = performance.now();
    try {
      const reply = await firstValueFrom(
        this.proxy.send<unknown>(pattern, envelope).pipe(timeout(this.timeoutMs)),
      );
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

  close() {
    return this.proxy.close();
  }

  private toAppError(pattern: string, error: unknown): AppError {
    if (error instanceof AppError) return error;
    if (error instanceof TimeoutError) {
      return new AppError(ErrorCode.ServiceTimeout, `${this.service} did not answer in time`);
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
    return new AppError(ErrorCode.ServiceUnavailable, `${this.service} is unavailable`);
  }
}

const describeError = (error: unknown) =>
  error instanceof Error ? `${error.name}: ${error.message}` : JSON.stringify(error);
