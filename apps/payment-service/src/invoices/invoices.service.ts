import { Injectable } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { ONLINE_VIDEO_SAC, PaymentStatus, TaxDocumentType } from '@app/contracts';
import type { AppliedPromo, GstStateCode } from '@app/contracts';
import { AppError, InjectEnv } from '@app/server-core';
import { BillingProfilesRepository } from '../billing/billing-profiles.repository';
import type { Env } from '../env';
import { OrdersRepository } from '../orders/orders.repository';
import { PaymentsRepository, type StoredPayment } from '../payments/payments.repository';
import { PlansService } from '../plans/plans.service';
import { SubscriptionsRepository } from '../subscriptions/subscriptions.repository';
import { gstOf } from './gst';
import type { Party, Recipient } from './invoice.schema';
import { documentNumber, financialYearOf, seriesOf } from './invoice-number';
import { InvoicesRepository, type NewInvoice, type StoredInvoice } from './invoices.repository';

/** Rounds of "read the last number, insert the next" one document may lose to others before giving up. */
const ALLOCATE_ATTEMPTS = 100;

type Draft = Omit<NewInvoice, 'type' | 'key' | 'series' | 'seq' | 'number' | 'financialYear' | 'date'>;

const day = (date: Date) =>
  date.toLocaleDateString('en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'Asia/Kolkata',
  });

/**
 * GST tax invoices and credit notes (issue 27, DECISIONS 39), issued from the paths that settle captures and
 * refunds; both are idempotent, so every replay of a capture or refund answers the document already issued.
 *
 * Numbering, without transactions: the document insert *is* the allocation. A number series (`SL/26-27`) has a
 * unique index on (series, seq) and every document a unique `key` (`invoice:<paymentId>`). To issue, read the
 * series' highest seq and insert the document with seq + 1: if another capture took that seq in between, the unique
 * index refuses the insert and we read again; if a replay of the same capture inserted first, its key refuses ours
 * and we answer its document. Hence no two documents share a number, and none is skipped: a number exists only as a
 * stored document, seqs only grow (documents are never deleted), and an insert of seq n + 1 succeeds only while n
 * is the highest (anything lower is taken). A process dying at any point leaves either no document (the next replay
 * of the capture issues it, with the next free number) or the document: no counter to drift, no claimed-but-unused
 * number to recover, which a separate `$inc` counter would need. The cost is contention: k simultaneous issues
 * make O(k²) tries, so one replica issues one document at a time (a queue in memory) and only replicas race each
 * other through the index.
 */
@Injectable()
export class InvoicesService {
  constructor(
    private readonly invoices: InvoicesRepository,
    private readonly payments: PaymentsRepository,
    private readonly orders: OrdersRepository,
    private readonly subscriptions: SubscriptionsRepository,
    private readonly plans: PlansService,
    private readonly profiles: BillingProfilesRepository,
    @InjectEnv() private readonly env: Env,
  ) {}

  /** This replica's issues, one at a time (see above); a failed one does not stop the next. */
  private queue: Promise<unknown> = Promise.resolve();

  /** The tax invoice of a captured payment, issued on the first call; null while the payment is not captured. */
  async issueFor(paymentId: string): Promise<StoredInvoice | null> {
    const key = `invoice:${paymentId}`;
    const issued = await this.invoices.findByKey(key);
    if (issued) return issued;
    const payment = await this.payments.findById(paymentId);
    // Only money known to be ours: captured (and perhaps refunded since, which then also needs its credit note).
    if (!payment?.capturedAt) return null;
    const supplier = this.supplier();
    const { recipient, discount } = await this.recipientOf(payment, supplier.state);
    const intraState = recipient.state === supplier.state;
    return this.allocate(TaxDocumentType.Invoice, key, {
      userId: payment.userId,
      paymentId,
      against: null,
      supplier,
      recipient,
      placeOfSupply: recipient.state,
      description: this.describe(payment),
      sac: ONLINE_VIDEO_SAC,
      // What was paid, after any promo code: the taxable value is computed from the discounted amount (issue 27).
      ...gstOf(payment.amountPaise, { intraState }),
      discount,
    });
  }

  /** The credit note of a refunded payment (in full) against its invoice, issued on the first call. */
  async creditFor(paymentId: string): Promise<StoredInvoice | null> {
    const key = `credit-note:${paymentId}`;
    const issued = await this.invoices.findByKey(key);
    if (issued) return issued;
    const payment = await this.payments.findById(paymentId);
    if (payment?.status !== PaymentStatus.Refunded) return null;
    const invoice = await this.issueFor(paymentId);
    if (!invoice) return null;
    return this.allocate(TaxDocumentType.CreditNote, key, {
      userId: invoice.userId,
      paymentId,
      against: { id: invoice._id.toHexString(), number: invoice.number, date: invoice.date },
      supplier: invoice.supplier,
      recipient: invoice.recipient,
      placeOfSupply: invoice.placeOfSupply,
      description: `Refund in full: ${invoice.description}`,
      sac: invoice.sac,
      taxablePaise: invoice.taxablePaise,
      cgstPaise: invoice.cgstPaise,
      sgstPaise: invoice.sgstPaise,
      igstPaise: invoice.igstPaise,
      totalPaise: invoice.totalPaise,
      // Old invoices have none stored.
      discount: invoice.discount ?? null,
    });
  }

  async findOwned(documentId: string, userId: string): Promise<StoredInvoice> {
    const document = await this.invoices.findOwned(documentId, userId);
    if (!document) throw AppError.notFound('Invoice not found');
    return document;
  }

  ofUser(userId: string): Promise<StoredInvoice[]> {
    return this.invoices.ofUser(userId);
  }

  private allocate(type: TaxDocumentType, key: string, draft: Draft): Promise<StoredInvoice> {
    const next = this.queue.then(() => this.allocateNow(type, key, draft));
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async allocateNow(type: TaxDocumentType, key: string, draft: Draft): Promise<StoredInvoice> {
    for (let attempt = 1; attempt <= ALLOCATE_ATTEMPTS; attempt++) {
      const date = new Date();
      const series = seriesOf(type, date);
      const seq = (await this.invoices.lastSeq(series)) + 1;
      const stored = await this.invoices.insert({
        ...draft,
        type,
        key,
        series,
        seq,
        number: documentNumber(series, seq),
        financialYear: financialYearOf(date).label,
        date,
      });
      if (stored) return stored;
      const replayed = await this.invoices.findByKey(key);
      if (replayed) return replayed;
      // Lost the number to another document: a little jitter so the losers do not all meet again.
      await sleep(Math.random() * Math.min(attempt, 10));
    }
    throw new Error(`no ${type} number allocated for ${key} after ${ALLOCATE_ATTEMPTS} attempts`);
  }

  private supplier(): Party {
    return {
      name: this.env.SUPPLIER_NAME,
      address: this.env.SUPPLIER_ADDRESS,
      gstin: this.env.SUPPLIER_GSTIN,
      state: this.env.SUPPLIER_STATE,
    };
  }

  /**
   * The payer as their order or plan names them, in the billing state (and with the GSTIN) of their billing profile;
   * without one the supplier's state stands in and the invoice says it was assumed.
   */
  private async recipientOf(
    payment: StoredPayment,
    supplierState: GstStateCode,
  ): Promise<{ recipient: Recipient; discount: AppliedPromo | null }> {
    const order =
      payment.kind !== 'subscription' && payment.orderId
        ? await this.orders.findByRazorpayId(payment.orderId)
        : null;
    const payer =
      payment.kind === 'subscription'
        ? payment.subscriptionId
          ? await this.subscriptions.findByRazorpayId(payment.subscriptionId)
          : null
        : order;
    const email = payer?.email ?? '';
    // Issue 27: a title order's code, or a plan's: its first charge (the upfront period) is the discounted one.
    const promo = order ? order.promo : payment.cycle === 1 ? payer?.promo : undefined;
    // Issue 27: the billing state and GSTIN the viewer gave; without one, the supplier's state, said as assumed.
    const profile = await this.profiles.find(payment.userId);
    return {
      recipient: {
        name: payer?.name ?? (email || 'Streamly viewer'),
        email,
        gstin: profile?.gstin ?? null,
        state: profile?.state ?? supplierState,
        stateAssumed: !profile,
      },
      discount: promo
        ? { code: promo.code, listPricePaise: promo.listPricePaise, discountPaise: promo.discountPaise }
        : null,
    };
  }

  /** What a payment paid for, as its invoice and Billing name it. */
  describe(payment: StoredPayment): string {
    switch (payment.kind) {
      case 'purchase':
        return `Purchase: ${payment.title ?? payment.movieId ?? 'title'}`;
      case 'rental':
        return `Rental (48 hours from first play): ${payment.title ?? payment.movieId ?? 'title'}`;
      case 'subscription': {
        const plan = payment.planId ? this.plans.find(payment.planId) : undefined;
        const name = `${plan?.name ?? payment.planId ?? 'Streamly'} plan`;
        const period =
          payment.periodStart && payment.periodEnd
            ? `, ${day(payment.periodStart)} to ${day(payment.periodEnd)}`
            : '';
        return `${(payment.cycle ?? 1) > 1 ? 'Renewal' : 'Subscription'}: ${name}${period}`;
      }
    }
  }
}
