// No zod here: the web app's first screen imports these constants and must not pull zod in with them.

/** Every failure that crosses a process boundary carries one of these codes. */
export const ErrorCode = {
  ValidationFailed: 'VALIDATION_FAILED',
  Unauthorized: 'UNAUTHORIZED',
  Forbidden: 'FORBIDDEN',
  /** Issue 25: the session names no profile and the account has to choose one (Who's watching?) before this route. */
  ProfileRequired: 'PROFILE_REQUIRED',
  /** Issue 25: the title needs the account's parental PIN (missing or wrong: the message says the tries left). */
  ParentalPinRequired: 'PARENTAL_PIN_REQUIRED',
  /** Issue 25: an A title needs the account holder's declaration of being 18 or older (date of birth). */
  AgeDeclarationRequired: 'AGE_DECLARATION_REQUIRED',
  NotFound: 'NOT_FOUND',
  /** The path is served, not with this method (the answer's `Allow` header lists the methods it is served with). */
  MethodNotAllowed: 'METHOD_NOT_ALLOWED',
  Conflict: 'CONFLICT',
  PayloadTooLarge: 'PAYLOAD_TOO_LARGE',
  RateLimited: 'RATE_LIMITED',
  ServiceUnavailable: 'SERVICE_UNAVAILABLE',
  /** A process (the gateway or a service) is at its admission limit: answered at once, with `Retry-After`. */
  Overloaded: 'OVERLOADED',
  ServiceTimeout: 'SERVICE_TIMEOUT',
  Internal: 'INTERNAL',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** The one code → HTTP status table (gateway filter and web client). Exhaustive: a new code without a status fails the type check. */
export const HttpStatusByErrorCode: Record<ErrorCode, number> = {
  [ErrorCode.ValidationFailed]: 400,
  [ErrorCode.Unauthorized]: 401,
  // Before Forbidden: a bare 403 reads back as Forbidden.
  [ErrorCode.ProfileRequired]: 403,
  [ErrorCode.ParentalPinRequired]: 403,
  [ErrorCode.AgeDeclarationRequired]: 403,
  [ErrorCode.Forbidden]: 403,
  [ErrorCode.NotFound]: 404,
  [ErrorCode.MethodNotAllowed]: 405,
  [ErrorCode.Conflict]: 409,
  [ErrorCode.PayloadTooLarge]: 413,
  [ErrorCode.RateLimited]: 429,
  [ErrorCode.Internal]: 500,
  // Before ServiceUnavailable: a bare 503 (a proxy's, a framework's) reads back as ServiceUnavailable.
  [ErrorCode.Overloaded]: 503,
  [ErrorCode.ServiceUnavailable]: 503,
  [ErrorCode.ServiceTimeout]: 504,
};

export const httpStatusFor = (code: ErrorCode): number => HttpStatusByErrorCode[code];

/** The message of every 500: what went wrong stays in the logs. */
export const INTERNAL_ERROR_MESSAGE = 'Internal error';

/** The gateway's answer (429, with `Retry-After`) when a client has used up a rate limit. */
export const RATE_LIMITED_MESSAGE = 'Too many requests. Please try again later.';

/**
 * `Retry-After` (seconds) of every OVERLOADED answer: long enough for the burst that filled the queue to pass, short
 * enough that the web's one retry of a read (api-client.ts) still feels like one slow answer.
 */
export const OVERLOADED_RETRY_AFTER_SECONDS = 1;

const codeByStatus = new Map<number, ErrorCode>([
  ...Object.entries(HttpStatusByErrorCode).map(([code, status]) => [status, code as ErrorCode] as const),
  // A proxy in front of a service that is down (no code of ours answers 502).
  [502, ErrorCode.ServiceUnavailable],
]);

/** The reverse, for an error that carries only a status (a framework error, a proxy's answer): unknown 4xx are validation failures, the rest internal. */
export const errorCodeForStatus = (status: number): ErrorCode =>
  codeByStatus.get(status) ??
  (status >= 400 && status < 500 ? ErrorCode.ValidationFailed : ErrorCode.Internal);
