import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { Observable, throwError } from 'rxjs';
import {
  ApiError,
  ErrorCode,
  errorCodeForStatus,
  httpStatusFor,
  INTERNAL_ERROR_MESSAGE,
  OVERLOADED_RETRY_AFTER_SECONDS,
} from '@app/contracts';
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '../database/mongo-unavailable';
import { isRedisUnavailable, REDIS_UNAVAILABLE_MESSAGE } from '../database/redis';
import { CORRELATION_HEADER } from '../http/correlation-id.middleware';
import { AppError } from './app-error';

/** What a failed RPC carries back to the caller. */
export type RpcErrorPayload = { code: ErrorCode; message: string; details?: AppError['details'] };

/** `unexpected`: a bug, logged with its stack; `… unavailable`: MongoDB or Redis is away, one warning per request. */
type Described = {
  status: number;
  error: RpcErrorPayload;
  log?: 'unexpected' | 'database unavailable' | 'redis unavailable';
};

/** body-parser's errors (http-errors with a `type`), as thrown or as the cause Nest wrapped them in. */
const bodyParserStatus = (exception: unknown): number | undefined => {
  const candidates = [exception, (exception as { cause?: unknown } | null)?.cause];
  for (const candidate of candidates) {
    const { type, status } = (candidate ?? {}) as { type?: unknown; status?: unknown };
    if (
      typeof type === 'string' &&
      typeof status === 'number' &&
      /^(entity|request|encoding|charset)\./.test(type)
    )
      return status;
  }
  return undefined;
};

const describe = (exception: unknown): Described => {
  const parserStatus = bodyParserStatus(exception);
  if (parserStatus !== undefined) {
    const message = parserStatus === 413 ? 'Request body is too large' : 'Malformed request body';
    return { status: parserStatus, error: { code: errorCodeForStatus(parserStatus), message } };
  }
  if (exception instanceof AppError) {
    const { code, message, details } = exception;
    return { status: httpStatusFor(code), error: { code, message, details } };
  }
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    // Our own refusals are AppErrors; a framework 400 is Nest's JSON parser failing on the body.
    const message =
      status >= 500 ? INTERNAL_ERROR_MESSAGE : status === 400 ? 'Malformed request body' : exception.message;
    return {
      status,
      error: { code: errorCodeForStatus(status), message },
      log: status >= 500 ? 'unexpected' : undefined,
    };
  }
  // An outage of MongoDB or of Redis (past the client's short wait for it) is no bug: the caller may retry.
  const outage = isDatabaseUnavailable(exception)
    ? { message: DATABASE_UNAVAILABLE_MESSAGE, log: 'database unavailable' as const }
    : isRedisUnavailable(exception)
      ? { message: REDIS_UNAVAILABLE_MESSAGE, log: 'redis unavailable' as const }
      : undefined;
  if (outage) {
    const code = ErrorCode.ServiceUnavailable;
    return { status: httpStatusFor(code), error: { code, message: outage.message }, log: outage.log };
  }
  return {
    status: 500,
    error: { code: ErrorCode.Internal, message: INTERNAL_ERROR_MESSAGE },
    log: 'unexpected',
  };
};

/**
 * The one exception filter of every app. HTTP: `{ code, message, correlationId }` with the mapped status.
 * RPC: the typed error payload the gateway's ServiceClient turns back into an AppError.
 * Unexpected errors are logged with their stack and never leak internals; MongoDB or Redis being unreachable is no
 * bug but an outage the caller may retry (503, a warning without stack).
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Exceptions');

  catch(exception: unknown, host: ArgumentsHost): Observable<never> | void {
    const described = describe(exception);
    if (host.getType() === 'rpc') {
      this.log(described, exception, { transport: 'rpc' });
      return throwError(() => described.error);
    }
    const http = host.switchToHttp();
    const request = http.getRequest<Request>();
    const correlationId = String(request.headers[CORRELATION_HEADER] ?? 'none');
    this.log(described, exception, { method: request.method, path: request.path, correlationId });
    const body: ApiError = { ...described.error, correlationId };
    const response = http.getResponse<Response>();
    // A process at its admission limit (a service's OVERLOADED reply): the caller may come back shortly.
    if (described.error.code === ErrorCode.Overloaded)
      response.setHeader('Retry-After', String(OVERLOADED_RETRY_AFTER_SECONDS));
    response.status(described.status).json(body);
  }

  private log({ log }: Described, exception: unknown, fields: Record<string, string>) {
    if (log === 'database unavailable' || log === 'redis unavailable') {
      const error =
        exception instanceof Error ? `${exception.name}: ${exception.message}` : String(exception);
      this.logger.warn({ msg: log, ...fields, error });
      return;
    }
    if (log !== 'unexpected') return;
    this.logger.error(
      { msg: 'unexpected error', ...fields, error: String(exception) },
      exception instanceof Error ? exception.stack : undefined,
    );
  }
}
