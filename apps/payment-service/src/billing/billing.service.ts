import { Injectable } from '@nestjs/common';
import type {
  BillingEntry,
  BillingHistory,
  BillingProfile,
  TaxDocument,
  UpdateBillingProfile,
} from '@app/contracts';
import { PaymentStatus } from '@app/contracts';
import { invoicePdf } from '../invoices/invoice-pdf';
import { BillingProfilesRepository } from './billing-profiles.repository';
import { toTaxDocument } from '../invoices/invoice.mapper';
import { InvoicesService } from '../invoices/invoices.service';
import { PaymentsRepository, type StoredPayment } from '../payments/payments.repository';
import { PlansService } from '../plans/plans.service';
import { invoiceFileName } from '../receipts/receipt-mail';
import { SubscriptionsService } from '../subscriptions/subscriptions.service';

/** Money that moved: a capture (perhaps refunded since). Orders never paid and failed attempts are not listed. */
const MOVED: readonly PaymentStatus[] = [PaymentStatus.Captured, PaymentStatus.Refunded];

/** Profile → Billing (issue 27): what a viewer paid, got back, and the documents for each. */
@Injectable()
export class BillingService {
  constructor(
    private readonly payments: PaymentsRepository,
    private readonly invoices: InvoicesService,
    private readonly subscriptions: SubscriptionsService,
    private readonly plans: PlansService,
    private readonly profiles: BillingProfilesRepository,
  ) {}

  async profile(userId: string): Promise<BillingProfile> {
    const stored = await this.profiles.find(userId);
    return { state: stored?.state ?? null, gstin: stored?.gstin ?? null };
  }

  /** Later invoices take it; issued ones never change (DECISIONS 39). */
  async updateProfile(userId: string, { state, gstin }: UpdateBillingProfile): Promise<BillingProfile> {
    const saved = await this.profiles.save(userId, state, gstin);
    return { state: saved.state, gstin: saved.gstin };
  }

  async history(userId: string): Promise<BillingHistory> {
    const [payments, documents, subscription] = await Promise.all([
      this.payments.ofUser(userId),
      this.invoices.ofUser(userId),
      this.subscriptions.view(userId),
    ]);
    const entries: BillingEntry[] = [
      ...payments.filter((payment) => MOVED.includes(payment.status)).flatMap((p) => this.entriesOf(p)),
      ...documents.map((document): BillingEntry => ({
        kind: document.type,
        at: document.date.toISOString(),
        description: document.description,
        amountPaise: document.totalPaise,
        paymentId: document.paymentId,
        status: null,
        number: document.number,
        documentId: document._id.toHexString(),
      })),
    ].sort((a, b) => b.at.localeCompare(a.at));
    return { entries, nextCharge: this.nextChargeOf(subscription) };
  }

  async document(userId: string, documentId: string): Promise<TaxDocument> {
    return toTaxDocument(await this.invoices.findOwned(documentId, userId));
  }

  async pdf(userId: string, documentId: string): Promise<{ fileName: string; base64: string }> {
    const document = await this.invoices.findOwned(documentId, userId);
    return {
      fileName: invoiceFileName(document.number),
      base64: (await invoicePdf(document)).toString('base64'),
    };
  }

  private entriesOf(payment: StoredPayment): BillingEntry[] {
    const description = this.invoices.describe(payment);
    const common = {
      amountPaise: payment.amountPaise,
      paymentId: payment._id,
      number: null,
      documentId: null,
    };
    const paid: BillingEntry = {
      ...common,
      kind: 'payment',
      at: (payment.capturedAt ?? payment.createdAt).toISOString(),
      description,
      status: PaymentStatus.Captured,
    };
    if (!payment.refundStatus) return [paid];
    const refund: BillingEntry = {
      ...common,
      kind: 'refund',
      at: (payment.refundedAt ?? payment.updatedAt ?? payment.createdAt).toISOString(),
      description: `Refund: ${description}`,
      status: payment.refundStatus,
    };
    return [paid, refund];
  }

  /** The next charge of a live plan: the change waiting to start (DECISIONS 28), else the renewal; none once cancelled. */
  private nextChargeOf(
    view: Awaited<ReturnType<SubscriptionsService['view']>>,
  ): BillingHistory['nextCharge'] {
    if (!view) return null;
    const change = view.scheduledChange;
    const plan = change ? this.plans.find(change.planId) : this.plans.find(view.planId);
    const date = change ? change.startsAt : view.nextBilling;
    if (!plan || !date) return null;
    return { date, planId: plan.id, planName: plan.name, amountPaise: plan.priceInr * 100 };
  }
}
