import { Injectable } from '@nestjs/common';
import { ErrorCode, PaymentStatus } from '@app/contracts';
import { AppError } from '@app/server-core';
import { EntitlementsService } from '../entitlements/entitlements.service';
import { GrantKind } from '../entitlements/grant.schema';
import type { RazorpayRefund } from '../razorpay/razorpay-entities';
import { RazorpayClient } from '../razorpay/razorpay.client';
import { PaymentsRepository, type StoredPayment } from './payments.repository';

/** Refunds of purchases and rentals: asked by an admin, settled by `refund.processed` (which revokes the grant). */
@Injectable()
export class RefundsService {
  constructor(
    private readonly payments: PaymentsRepository,
    private readonly entitlements: EntitlementsService,
    private readonly razorpay: RazorpayClient,
  ) {}

  /** A full refund of a captured purchase or rental payment, asked of Razorpay once. */
  async request(paymentId: string): Promise<StoredPayment> {
    const payment = await this.payments.findById(paymentId);
    if (!payment) throw AppError.notFound('Payment not found');
    if (payment.kind === GrantKind.Subscription) {
      throw new AppError(
        ErrorCode.ValidationFailed,
        'Only purchases and rentals are refunded here; cancel a plan instead.',
      );
    }
    if (payment.status !== PaymentStatus.Captured || payment.refundId) {
      throw new AppError(
        ErrorCode.Conflict,
        'This payment is not refundable (not captured, or already refunded).',
      );
    }
    const refund = await this.razorpay.refundPayment(payment._id, payment.amountPaise, {
      reason: 'admin refund',
    });
    await this.payments.markRefundRequested(payment._id, refund.id);
    // Razorpay may answer `processed` at once; the webhook that follows then changes nothing.
    if (refund.status === 'processed') await this.applyProcessed(refund);
    if (refund.status === 'failed') await this.applyFailed(refund);
    return (await this.payments.findById(payment._id)) ?? payment;
  }

  /** `refund.processed`: the payment is refunded and its title grant revoked (both idempotent). */
  async applyProcessed(refund: RazorpayRefund): Promise<boolean> {
    const payment = await this.payments.findById(refund.payment_id);
    if (!payment) return false;
    await this.payments.markRefunded(payment._id, refund.id, new Date());
    if (payment.kind !== GrantKind.Subscription) await this.entitlements.revoke(payment._id, 'refund');
    return true;
  }

  /** `refund.failed`: the payment stays captured and may be refunded again. */
  async applyFailed(refund: RazorpayRefund): Promise<boolean> {
    const payment = await this.payments.findById(refund.payment_id);
    if (!payment) return false;
    await this.payments.markRefundFailed(payment._id);
    return true;
  }
}
