import { ErrorCode } from '@app/contracts';

export type ErrorDetail = { path: string; message: string };

/** The one error type services and the gateway throw on purpose. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetail[],
  ) {
    super(message);
    this.name = 'AppError';
  }

  static notFound(message: string) {
    return new AppError(ErrorCode.NotFound, message);
  }
}

/** Exhaustive: adding an ErrorCode without a status fails the type check. */
const statusByCode: Record<ErrorCode, number> = {
  [ErrorCode.ValidationFailed]: 400,
  [ErrorCode.Unauthorized]: 401,
  [ErrorCode.Forbidden]: 403,
  [ErrorCode.NotFound]: 404,
  [ErrorCode.Conflict]: 409,
  [ErrorCode.PayloadTooLarge]: 413,
  [ErrorCode.RateLimited]: 429,
  [ErrorCode.Internal]: 500,
  [ErrorCode.ServiceUnavailable]: 503,
  [ErrorCode.ServiceTimeout]: 504,
};

export const httpStatusFor = (code: ErrorCode): number => statusByCode[code];

export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && value in invertedCodes;
const invertedCodes: Record<string, true> = Object.fromEntries(Object.values(ErrorCode).map((c) => [c, true]));
