import { Logger } from '@nestjs/common';
import { ClientProxy, ClientProxyFactory, Transport } from '@nestjs/microservices';
import { firstValueFrom, timeout, TimeoutError } from 'rxjs';
import { z } from 'zod';
import { ErrorCode, RpcEnvelope, ServiceName } from '@app/contracts';
import { AppError, isErrorCode } from '../errors/app-error';

export type ServiceAddress = { host: string; port: number };

export const parseAddress = (value: string): ServiceAddress => {
  const [host, port] = value.split(':');
  return { host, port: Number(port) };
};

/** Typed wrapper over a TCP ClientProxy: every call has a timeout and failures become AppErrors. */
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

  async send<R>(pattern: string, data: unknown, correlationId: string, schema?: z.ZodType<R>): Promise<R> {
    const envelope: RpcEnvelope<unknown> = { correlationId, data };
    try {
      const reply = await firstValueFrom(this.proxy.send<R>(pattern, envelope).pipe(timeout(this.timeoutMs)));
      return schema ? schema.parse(reply) : reply;
    } catch (error) {
      throw this.toAppError(pattern, error, correlationId);
    }
  }

  close() {
    return this.proxy.close();
  }

  private toAppError(pattern: string, error: unknown, correlationId: string): AppError {
    if (error instanceof AppError) return error;
    if (error instanceof TimeoutError) {
      return new AppError(ErrorCode.ServiceTimeout, `${this.service} did not answer in time`);
    }
    if (typeof error === 'object' && error !== null && 'code' in error && isErrorCode(error.code)) {
      const { code, message, details } = error as { code: ErrorCode; message?: string; details?: AppError['details'] };
      return new AppError(code, message ?? code, details);
    }
    this.logger.warn({ msg: 'service call failed', target: this.service, pattern, correlationId, error: describeError(error) });
    return new AppError(ErrorCode.ServiceUnavailable, `${this.service} is unavailable`);
  }
}

const describeError = (error: unknown) =>
  error instanceof Error ? `${error.name}: ${error.message}` : JSON.stringify(error);
