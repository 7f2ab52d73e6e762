import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { IncomingMessage } from 'node:http';
import type { HttpAdapterHost } from '@nestjs/core';
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

/**
 * A request body refused before any handler ran, by its status: body-parser's errors on Express (http-errors with a
 * `type`), Fastify's content-type parser's on the gateway (`FST_ERR_CTP_*`, or the JSON parser's SyntaxError with a
 * `statusCode`), as thrown or as the cause Nest wrapped them in.
 */
const bodyParserStatus = (exception: unknown): number | undefined => {
  const candidates = [exception, (exception as { cause?: unknown } | null)?.cause];
  for (const candidate of candidates) {
    const { type, status, code, statusCode } = (candidate ?? {}) as Record<string, unknown>;
    if (
      typeof type === 'string' &&
      typeof status === 'number' &&
      /^(entity|request|encoding|charset)\./.test(type)
    )
      return status;
    if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
      if (typeof code === 'string' && code.startsWith('FST_ERR_CTP_')) return statusCode;
      if (candidate instanceof SyntaxError) return statusCode;
    }
  }
  return undefined;
};

const PARSER_MESSAGES: Record<number, string> = {
  413: 'Request body is too large',
  415: 'Unsupported request body type',
};

const describe = (exception: unknown): Described => {
  const parserStatus = bodyParserStatus(exception);
  if (parserStatus !== undefined) {
    const message = PARSER_MESSAGES[parserStatus] ?? 'Malformed request body';
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
 * The one exception filter of every app. HTTP: `{ code, message, correlationId }` with the mapped status, written
 * through Nest's HTTP adapter (Express in the services, Fastify in the gateway).
 * RPC: the typed error payload the gateway's ServiceClient turns back into an AppError.
 * Unexpected errors are logged with their stack and never leak internals; MongoDB or Redis being unreachable is no
 * bug but an outage the caller may retry (503, a warning without stack).
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Exceptions');

  constructor(private readonly adapterHost: Pick<HttpAdapterHost, 'httpAdapter'>) {}

  catch(exception: unknown, host: ArgumentsHost): Observable<never> | void {
    const described = describe(exception);
    if (host.getType() === 'rpc') {
      this.log(described, exception, { transport: 'rpc' });
      return throwError(() => described.error);
    }
    const { httpAdapter } = this.adapterHost;
    const http = host.switchToHttp();
    const request = http.getRequest<Pick<IncomingMessage, 'headers'>>();
    const correlationId = String(request.headers[CORRELATION_HEADER] ?? 'none');
    const path = String(httpAdapter.getRequestUrl(request)).split('?')[0];
    this.log(described, exception, { method: httpAdapter.getRequestMethod(request), path, correlationId });
    const body: ApiError = { ...described.error, correlationId };
    const response: unknown = http.getResponse();
    // A process at its admission limit (a service's OVERLOADED reply): the caller may come back shortly.
    if (described.error.code === ErrorCode.Overloaded)
      httpAdapter.setHeader(response, 'Retry-After', String(OVERLOADED_RETRY_AFTER_SECONDS));
    // A JSON error even where the handler declared another type for its answer (a poster's `image/svg+xml`).
    httpAdapter.setHeader(response, 'Content-Type', 'application/json; charset=utf-8');
    httpAdapter.reply(response, body, described.status);
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
