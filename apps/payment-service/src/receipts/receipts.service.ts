import { Injectable, Logger } from '@nestjs/common';
import { Mailer } from '@app/server-core';
import { newRentalClock } from '../entitlements/rental-clock';
import { invoicePdf } from '../invoices/invoice-pdf';
import { InvoicesService } from '../invoices/invoices.service';
import { OrdersRepository } from '../orders/orders.repository';
import { PaymentsRepository, type StoredPayment } from '../payments/payments.repository';
import { PlansService } from '../plans/plans.service';
import { SubscriptionsRepository } from '../subscriptions/subscriptions.repository';
import type { ReceiptFacts } from './receipt-mail';
import { receiptMail } from './receipt-mail';

/**
 * One receipt mail per captured payment (DECISIONS 31): the payment's `receiptSentAt` is claimed by a conditional
 * update before sending, so verify, webhooks and the reconciler may all ask and only one mail goes out.
 */
@Injectable()
export class ReceiptsService {
  private readonly logger = new Logger(ReceiptsService.name);

  constructor(
    private readonly payments: PaymentsRepository,
    private readonly orders: OrdersRepository,
    private readonly subscriptions: SubscriptionsRepository,
    private readonly plans: PlansService,
    private readonly mailer: Mailer,
    private readonly invoices: InvoicesService,
  ) {}

  /**
   * Issues the payment's tax invoice (idempotent: every settlement of a captured payment asks, so a replay or a
   * restart finishes what a crash left), then sends the receipt with it attached. Never throws: an invoice or a
   * receipt that cannot be made now is left for the next settlement and logged.
   */
  async sendFor(paymentId: string): Promise<void> {
    const invoice = await this.invoices.issueFor(paymentId).catch((error: unknown) => {
      this.logger.error({
        msg: 'tax invoice not issued yet',
        paymentId,
        error: error instanceof Error ? error.message : String(error),
      });
      return undefined;
    });
    // Without its invoice the receipt waits: it is sent with the invoice on the next settlement.
    if (invoice === undefined) return;
    const payment = await this.payments.claimReceipt(paymentId, new Date());
    if (!payment) return;
    try {
      const facts = await this.factsOf(payment);
      if (!facts) {
        this.logger.warn({ msg: 'receipt not sent: no address on record', paymentId });
        return;
      }
      const attached = invoice
        ? { invoice: { number: invoice.number, pdf: await invoicePdf(invoice) }, discount: invoice.discount }
        : {};
      await this.mailer.send(receiptMail({ ...facts, ...attached }));
    } catch (error) {
      await this.payments.releaseReceipt(paymentId);
      this.logger.error({
        msg: 'receipt not sent',
        paymentId,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }

  private async factsOf(payment: StoredPayment): Promise<ReceiptFacts | null> {
    const paidAt = payment.capturedAt ?? new Date();
    const common = {
      paymentId: payment._id,
      amountPaise: payment.amountPaise,
      paidAt,
      refundedAsDuplicate: Boolean(payment.duplicateOf),
    };
    if (payment.kind === 'subscription') {
      const sub = payment.subscriptionId
        ? await this.subscriptions.findByRazorpayId(payment.subscriptionId)
        : null;
      if (!sub?.email) return null;
      const plan = this.plans.find(sub.planId);
      return {
        ...common,
        to: sub.email,
        name: sub.name,
        language: sub.language,
        what: {
          kind: 'subscription',
          planName: plan?.name ?? sub.planId,
          periodStart: payment.periodStart,
          periodEnd: payment.periodEnd,
          renewal: (payment.cycle ?? 1) > 1,
        },
      };
    }
    const order = payment.orderId ? await this.orders.findByRazorpayId(payment.orderId) : null;
    if (!order?.email) return null;
    const title = order.title;
    return {
      ...common,
      to: order.email,
      name: order.name,
      language: order.language,
      what:
        payment.kind === 'rental'
          ? { kind: 'rental', title, startBy: newRentalClock(paidAt).startBy }
          : { kind: 'purchase', title },
    };
  }
}
