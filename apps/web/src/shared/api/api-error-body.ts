import { type ApiError, ErrorCode } from '@app/contracts';

const codes = new Set<string>(Object.values(ErrorCode));

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

const isDetail = (value: unknown) =>
  isRecord(value) && typeof value.path === 'string' && typeof value.message === 'string';

/**
 * True when `value` has the gateway's error shape (ApiErrorSchema in contracts). A hand-written guard rather
 * than a zod parse, so zod stays out of the first screen's JavaScript.
 */
export const isApiErrorBody = (value: unknown): value is ApiError =>
  isRecord(value) &&
  typeof value.code === 'string' &&
  codes.has(value.code) &&
  typeof value.message === 'string' &&
  typeof value.correlationId === 'string' &&
  (value.details === undefined || (Array.isArray(value.details) && value.details.every(isDetail)));
