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

export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && value in invertedCodes;
const invertedCodes: Record<string, true> = Object.fromEntries(
  Object.values(ErrorCode).map((c) => [c, true]),
);
