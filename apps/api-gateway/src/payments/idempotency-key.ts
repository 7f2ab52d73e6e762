import { ErrorCode, IDEMPOTENCY_KEY_HEADER, PaymentMessages } from '@app/contracts';
import { AppError } from '@app/server-core';

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
