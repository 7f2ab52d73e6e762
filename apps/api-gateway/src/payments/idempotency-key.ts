import { createParamDecorator } from '@nestjs/common';
import type { ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import {
  ErrorCode,
  IDEMPOTENCY_KEY_HEADER,
  IdempotencyKeyHeadersSchema,
  PaymentMessages,
} from '@app/contracts';
import { AppError, validate } from '@app/server-core';

/** The `Idempotency-Key` header, validated by the schema the route table documents it with (400 when malformed). */
export const readIdempotencyKeyHeader = (_: unknown, context: ExecutionContext): string | undefined => {
  const value = context.switchToHttp().getRequest<Request>().headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
  return validate(IdempotencyKeyHeadersSchema, { [IDEMPOTENCY_KEY_HEADER]: value }, 'headers')[
    IDEMPOTENCY_KEY_HEADER
  ];
};

/** The `Idempotency-Key` header of a paying route, when sent. */
export const IdempotencyKeyHeader = createParamDecorator(readIdempotencyKeyHeader);

/**
 * A button press's key, from the body or the header (both when they agree); none at all is fine: payment-service's
 * one-unpaid-order-per-title and one-open-subscription-per-account rules still make one order of a double click.
 */
export const idempotencyKeyOf = (
  body: { idempotencyKey?: string },
  header: string | undefined,
): string | undefined => {
  if (body.idempotencyKey !== undefined && header !== undefined && body.idempotencyKey !== header) {
    throw new AppError(ErrorCode.ValidationFailed, PaymentMessages.idempotencyKeysDiffer, [
      { path: 'idempotencyKey', message: `differs from the ${IDEMPOTENCY_KEY_HEADER} header` },
    ]);
  }
  return body.idempotencyKey ?? header;
};
