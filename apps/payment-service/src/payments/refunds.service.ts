import { Injectable, Logger } from '@nestjs/common';
import { ErrorCode, PaymentMessages, PaymentStatus, RevokeReason } from '@app/contracts';
import { AppError, Outbox } from '@app/server-core';
import { EntitlementsService } from '../entitlements/entitlements.service';
import { GrantKind } from '../entitlements/grant.schema';
import { InvoicesService } from '../invoices/invoices.service';
import type { RazorpayRefund } from '../razorpay/razorpay-entities';
import { RazorpayClient } from '../razorpay/razorpay.client';
import { PaymentsRepository, type StoredPayment } from './payments.repository';

/**
 * Refunds: asked by an admin (purchases and rentals), or by the service itself for a second payment (issue 22);
 * settled by `refund.processed` (which revokes a title's grant). The refund is claimed on the payment before
 * Razorpay is asked, so no two paths ever refund one payment twice.
 */
@Injectable()
export class RefundsService {
  private readonly logger = new Logger(RefundsService.name);

  constructor(
    private readonly payments: PaymentsRepository,
    private readonly entitlements: EntitlementsService,
    private readonly razorpay: RazorpayClient,
    private readonly invoices: InvoicesService,
    private readonly outbox: Outbox,
  ) {}

  /** An admin's full refund of a captured purchase or rental payment. */
  async request(paymentId: string): Promise<StoredPayment> {
    const payment = await this.payments.findById(paymentId);
    if (!payment) throw AppError.notFound('Payment not found');
    if (payment.kind === GrantKind.Subscription) {
      throw new AppError(ErrorCode.ValidationFailed, PaymentMessages.subscriptionNotRefundable);
    }
    return this.refundInFull(payment, { reason: 'admin refund' });
  }

  /**
   * A second payment for what its payer already has: marked as such (it grants nothing) and refunded in full, once.
   * Razorpay being down or refusing leaves it marked and unrefunded: the reconciler asks again.
   */
  async refundDuplicate(paymentId: string, duplicateOf: string): Promise<void> {
    await this.payments.markDuplicate(paymentId, duplicateOf);
    const payment = await this.payments.findById(paymentId);
    // Only a captured payment can be refunded; an authorised one is refunded when its capture is reported.
    if (payment?.status !== PaymentStatus.Captured || payment.refundId) return;
    this.logger.warn({ msg: 'second payment refunded', paymentId, duplicateOf, userId: payment.userId });
    await this.refundInFull(payment, { reason: 'duplicate payment', duplicateOf }).catch((error: unknown) => {
      // Another path claimed it first: that one asks Razorpay.
      if (error instanceof AppError && error.code === ErrorCode.Conflict) return;
      this.logger.error({
        msg: 'duplicate payment not refunded yet',
        paymentId,
        error: error instanceof Error ? error.message : String(error),
      });
    });
  }

  /**
   * `refund.processed`: the payment is refunded, its title grant revoked and a credit note issued against its
   * invoice (all idempotent: a replayed webhook finds each done; one failing here fails the webhook, which Razorpay
   * sends again).
   */
  async applyProcessed(refund: RazorpayRefund): Promise<boolean> {
    const payment = await this.payments.findById(refund.payment_id);
    if (!payment) return false;
    await this.payments.markRefunded(payment._id, refund.id, new Date());
    if (payment.kind !== GrantKind.Subscription)
      await this.entitlements.revoke(payment._id, RevokeReason.Refund);
    await this.invoices.creditFor(payment._id);
    await this.announceRefunded(payment);
    return true;
  }

  /**
   * Announces `payment.refunded` through the outbox (issue 28: revenue insights), last, on every call that finds the
   * payment refunded (a replayed `refund.processed` announces it again, dated when it was refunded; consumers count
   * it once by payment id); never for a second payment, whose capture was never announced either.
   */
  private async announceRefunded(payment: StoredPayment): Promise<void> {
    if (payment.duplicateOf) return;
    await this.outbox.announce(
      {
        type: 'payment.refunded',
        payload: {
          paymentId: payment._id,
          userId: payment.userId,
          kind: payment.kind,
          movieId: payment.movieId,
          planId: payment.planId,
          amountPaise: payment.amountPaise,
        },
        at: (stored: StoredPayment | null) => stored?.refundedAt ?? new Date(),
      },
      () => this.payments.findById(payment._id),
      (stored) => stored?.status === PaymentStatus.Refunded,
    );
  }

  /** `refund.failed`: the payment stays captured and may be refunded again. */
  async applyFailed(refund: RazorpayRefund): Promise<boolean> {
    const payment = await this.payments.findById(refund.payment_id);
    if (!payment) return false;
    await this.payments.markRefundFailed(payment._id);
    return true;
  }

  /**
   * A refund claim the process never finished: when Razorpay shows nothing refunded the claim is released (and a
   * duplicate is refunded again by the reconciler); otherwise its `refund.*` webhook settles it.
   */
  async recoverClaim(payment: StoredPayment): Promise<void> {
    const remote = await this.razorpay.fetchPayment(payment._id);
    if (remote.status === 'refunded' || (remote.amount_refunded ?? 0) > 0) return;
    await this.payments.releaseRefund(payment._id);
  }

  private async refundInFull(payment: StoredPayment, notes: Record<string, string>): Promise<StoredPayment> {
    if (payment.status !== PaymentStatus.Captured || !(await this.payments.claimRefund(payment._id))) {
      throw new AppError(ErrorCode.Conflict, PaymentMessages.notRefundable);
    }
    let refund: RazorpayRefund;
    try {
      refund = await this.razorpay.refundPayment(payment._id, payment.amountPaise, notes);
    } catch (error) {
      await this.payments.releaseRefund(payment._id);
      throw error;
    }
    await this.payments.attachRefund(payment._id, refund.id);
    // Razorpay may answer `processed` at once; the webhook that follows then changes nothing.
    if (refund.status === 'processed') await this.applyProcessed(refund);
    if (refund.status === 'failed') await this.applyFailed(refund);
    return (await this.payments.findById(payment._id)) ?? payment;
  }
}
