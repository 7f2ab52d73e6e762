import { type ApiError, errorCodeForStatus } from '@app/contracts';
import { isApiErrorBody } from './api-error-body';

/** A non-2xx answer from the API, carrying the gateway's `{ code, message, correlationId }` body. */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly body: ApiError;
  /** False when something in front of the gateway answered: `message` is then not a text for users. */
  readonly fromServer: boolean;

  constructor(status: number, body: ApiError, fromServer = true) {
    super(body.message);
    this.name = 'ApiRequestError';
    this.status = status;
    this.body = body;
    this.fromServer = fromServer;
  }
}

/**
 * The API's answer for something that is not there: 404 for an unknown id, 400 for one that cannot be an id (a
 * mistyped link). Either way the screen says "not found", never a validation message.
 */
export const isNotFound = (error: unknown): boolean =>
  error instanceof ApiRequestError && (error.status === 404 || error.status === 400);

/**
 * Reads the error body of a failed response. Something in front of the gateway (a proxy, a load
 * balancer) may answer with HTML or nothing at all; that still becomes an ApiError, coded by status.
 */
export const toApiRequestError = async (response: Response): Promise<ApiRequestError> => {
  const text = await response.text().catch(() => '');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  if (isApiErrorBody(parsed)) return new ApiRequestError(response.status, parsed);
  return new ApiRequestError(
    response.status,
    {
      code: errorCodeForStatus(response.status),
      message: response.statusText || `Request failed with status ${response.status}`,
      correlationId: response.headers.get('x-correlation-id') ?? '',
    },
    false,
  );
};
