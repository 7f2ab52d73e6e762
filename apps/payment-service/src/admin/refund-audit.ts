import { AuditAction, AuditTargetType, PaymentStatus } from '@app/contracts';
import type { AuditNote } from '@app/server-core';
import type { StoredPayment } from '../payments/payments.repository';
import { rupees } from '../receipts/receipt-mail';

/**
 * The audit log's entry for an admin's refund (issue 22, finding 6; AdminService.refund records it through
 * server-core's AuditTrail): the payer is the target, auth-service names them.
 */
export const refundAudit = (payment: StoredPayment): AuditNote => {
  const amount = rupees(payment.amountPaise);
  const what = payment.title ?? payment.movieId ?? payment.planId ?? 'a plan';
  return {
    action: AuditAction.Refund,
    target: { type: AuditTargetType.User, id: payment.userId },
    detail: `refund of ${payment._id}: ${amount} (${payment.kind} of ${what})`,
    // Only a captured payment is refunded; `payment` is as the refund left it.
    before: `${amount} ${PaymentStatus.Captured}`,
    after: `${amount} ${payment.status}, refund ${payment.refundStatus ?? 'requested'}`,
  };
};
