import type { z } from 'zod';
import { ErrorCode } from '@app/contracts';
import { AppError } from '../errors/app-error';

/** Why a call to a third party failed. */
export type ThirdPartyFailure = 'timeout' | 'network' | 'status' | 'schema';

/** A call to a third party that failed; `code` is SERVICE_TIMEOUT for a timeout, else SERVICE_UNAVAILABLE. */
export class ThirdPartyError extends AppError {
  constructor(
    readonly failure: ThirdPartyFailure,
    message: string,
    /** The HTTP status, when the third party answered one. */
    readonly status?: number,
  ) {
    super(failure === 'timeout' ? ErrorCode.ServiceTimeout : ErrorCode.ServiceUnavailable, message);
    this.name = 'ThirdPartyError';
  }
}

export type FetchJsonOptions<S extends z.ZodType> = {
  /** The answer's shape; anything else is a `schema` failure. */
  schema: S;
  /** The whole call, answer body included. */
  timeoutMs: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string | URLSearchParams;
};

/** Where a call went, for messages: never the query string, which may carry an API key. */
const describeTarget = (url: URL) => `${url.host}${url.pathname}`;

/** AbortSignal.timeout rejects with a DOMException, which is not an `Error` in every realm (jest's): read its name. */
const isTimeout = (error: unknown) => {
  const name = (error as { name?: unknown } | null)?.name;
  return name === 'TimeoutError' || name === 'AbortError';
};

/**
 * Outbound HTTP to a third party, the one way: a timeout on every call, a 2xx status required, and the JSON
 * answer parsed by `schema`. Every failure is a ThirdPartyError (an AppError), so callers catch one type.
 */
export const fetchJson = async <S extends z.ZodType>(
  url: string | URL,
  { schema, timeoutMs, ...init }: FetchJsonOptions<S>,
): Promise<z.infer<S>> => {
  const target = new URL(url);
  const where = describeTarget(target);
  let body: unknown;
  try {
    const response = await fetch(target, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) {
      // Drop the unread body so the connection is released.
      await response.body?.cancel().catch(() => undefined);
      throw new ThirdPartyError('status', `${where} answered ${response.status}`, response.status);
    }
    body = await response.json().catch((error: unknown) => {
      if (isTimeout(error)) throw error;
      throw new ThirdPartyError('schema', `${where} answered with a body that is not JSON`);
    });
  } catch (error) {
    if (error instanceof ThirdPartyError) throw error;
    if (isTimeout(error))
      throw new ThirdPartyError('timeout', `${where} did not answer within ${timeoutMs} ms`);
    const reason = (error as { message?: unknown } | null)?.message ?? error;
    throw new ThirdPartyError('network', `${where} could not be reached: ${String(reason)}`);
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const issues = parsed.error.issues
      .map((issue) => `${issue.path.join('.') || '(root)'} ${issue.message}`)
      .join('; ');
    throw new ThirdPartyError('schema', `${where} answered an unexpected shape: ${issues}`);
  }
  return parsed.data;
};
