import { Injectable } from '@nestjs/common';
import type { AdminPaymentsQuery, DuplicatePayment, MismatchReport, Page, PlanId } from '@app/contracts';
import { ErrorCode, OrderStatus, PaymentMessages, PaymentStatus, SubscriptionStatus } from '@app/contracts';
import { AppError, AuditTrail } from '@app/server-core';
import { GrantKind } from '../entitlements/grant.schema';
import { GrantsRepository } from '../entitlements/grants.repository';
import { OrdersRepository } from '../orders/orders.repository';
import { findDuplicatePayments } from '../payments/duplicate-payments';
import { PaymentsRepository, type StoredPayment } from '../payments/payments.repository';
import { RefundsService } from '../payments/refunds.service';
import { PlansService } from '../plans/plans.service';
import { ReconcilerRunsRepository } from '../reconciler/reconciler-runs.repository';
import { SubscriptionsRepository } from '../subscriptions/subscriptions.repository';
import { SubscriptionsService } from '../subscriptions/subscriptions.service';
import { WebhookOutcome } from '../webhooks/webhook-event.schema';
import { WebhookEventsRepository } from '../webhooks/webhook-events.repository';
import { toAdminOrder, toAdminPayment, toAdminSubscription, toAdminWebhookEvent } from './admin.mapper';
import { refundAudit } from './refund-audit';

/** How far back the mismatch report looks (newest first). */
const REPORT_WINDOW = 1_000;
/** At most this many payers match one email filter (a part such as "@gmail" matches many). */
const EMAIL_MATCHES = 200;

/** A `status` filter must be one of that list's own states; anything else is a 400, not an empty page. */
const statusOf = <S extends string>(
  allowed: Record<string, S>,
  status: string | undefined,
): S | undefined => {
  if (status === undefined) return undefined;
  const match = Object.values(allowed).find((value) => value === status);
  if (!match)
    throw new AppError(ErrorCode.ValidationFailed, PaymentMessages.statusNotOneOf(Object.values(allowed)));
  return match;
};

/**
 * The admin payments console: lists (filtered by payer email or id, title or plan, status) with the payer's email
 * beside each id, the mismatch report and refunds.
 */
@Injectable()
export class AdminService {
  constructor(
    private readonly orders: OrdersRepository,
    private readonly payments: PaymentsRepository,
    private readonly subscriptions: SubscriptionsRepository,
    private readonly webhookEvents: WebhookEventsRepository,
    private readonly grants: GrantsRepository,
    private readonly runs: ReconcilerRunsRepository,
    private readonly refunds: RefundsService,
    private readonly plans: PlansService,
    private readonly subscriptionService: SubscriptionsService,
    private readonly audit: AuditTrail,
  ) {}

  async ordersPage(query: AdminPaymentsQuery) {
    const filter = {
      ...(await this.payers(query)),
      status: statusOf(OrderStatus, query.status),
      title: query.title,
    };
    return this.paged(query, await this.orders.page(filter, ...this.window(query)), toAdminOrder);
  }

  async paymentsPage(query: AdminPaymentsQuery) {
    const filter = {
      ...(await this.payers(query)),
      status: statusOf(PaymentStatus, query.status),
      title: query.title,
    };
    const page = await this.payments.page(filter, ...this.window(query));
    const emails = await this.emailsOf(page.items.map((payment) => payment.userId));
    return this.paged(query, page, (payment) => toAdminPayment(payment, emails.get(payment.userId) ?? null));
  }

  async subscriptionsPage(query: AdminPaymentsQuery) {
    const filter = {
      ...(await this.payers(query)),
      status: statusOf(SubscriptionStatus, query.status),
      ...(query.title ? { planIds: this.plansNamed(query.title) } : {}),
    };
    return this.paged(
      query,
      await this.subscriptions.page(filter, ...this.window(query)),
      toAdminSubscription,
    );
  }

  async webhookEventsPage(query: AdminPaymentsQuery) {
    if (query.title) {
      throw new AppError(ErrorCode.ValidationFailed, PaymentMessages.webhookEventsHaveNoTitle);
    }
    const filter = { ...(await this.payers(query)), status: statusOf(WebhookOutcome, query.status) };
    return this.paged(
      query,
      await this.webhookEvents.page(filter, ...this.window(query)),
      toAdminWebhookEvent,
    );
  }

  /**
   * Paid without an entitlement, entitlements without a captured payment, payments made twice (issue 22) and the
   * reconciler's last run.
   */
  async mismatches(): Promise<MismatchReport> {
    const captured = await this.payments.captured(REPORT_WINDOW);
    const grantsOfCaptured = await this.grants.byPaymentIds(captured.map((p) => p._id));
    const grantedPayments = new Set(
      grantsOfCaptured.filter((g) => g.revokedAt === null).map((g) => g.paymentId),
    );
    // A duplicate grants nothing on purpose: it is listed with the duplicates, not here.
    const paidWithoutEntitlement = captured.filter(
      (payment) => !grantedPayments.has(payment._id) && !payment.duplicateOf,
    );

    const withPayment = await this.grants.liveWithPayment(REPORT_WINDOW);
    const capturedIds = new Set(
      (await this.payments.byIds(withPayment.flatMap((g) => (g.paymentId ? [g.paymentId] : []))))
        .filter((p) => p.status === PaymentStatus.Captured)
        .map((p) => p._id),
    );
    const unpaid = [
      ...withPayment.filter((g) => g.paymentId && !capturedIds.has(g.paymentId)),
      ...(await this.grants.liveTitleGrantsWithoutPayment(REPORT_WINDOW)),
    ]
      // A subscription cycle granted from its activation has no payment id until its charge is reported.
      .filter((g) => g.kind !== GrantKind.Subscription || g.paymentId !== null);

    const duplicates = this.duplicatesAmong(captured, grantsOfCaptured);
    const emails = await this.emailsOf([
      ...paidWithoutEntitlement.map((p) => p.userId),
      ...unpaid.map((g) => g.userId),
      ...duplicates.map(({ payment }) => payment.userId),
    ]);
    const emailOf = (userId: string) => emails.get(userId) ?? null;
    const last = await this.runs.last();
    return {
      paidWithoutEntitlement: paidWithoutEntitlement.map((payment) => ({
        paymentId: payment._id,
        userId: payment.userId,
        email: emailOf(payment.userId),
        kind: payment.kind,
      })),
      entitlementWithoutPayment: unpaid.map((g) => ({
        entitlementId: g._id.toHexString(),
        userId: g.userId,
        email: emailOf(g.userId),
        kind: g.kind,
      })),
      duplicates: duplicates.map(({ payment, keptPaymentId }) =>
        this.toDuplicate(payment, keptPaymentId, emailOf(payment.userId)),
      ),
      reconciler: last
        ? { lastRunAt: last.lastRunAt.toISOString(), checked: last.checked, settled: last.settled }
        : null,
    };
  }

  async refund(paymentId: string) {
    const payment = await this.refundOf(paymentId);
    await this.audit.record(refundAudit(payment));
    return toAdminPayment(payment, (await this.emailsOf([payment.userId])).get(payment.userId) ?? null);
  }

  /**
   * A purchase or rental is refunded in full (its grant goes when Razorpay confirms); a plan's charge only when it
   * is a duplicate (two plans at once), which also cancels that second subscription now.
   */
  private async refundOf(paymentId: string): Promise<StoredPayment> {
    const payment = await this.payments.findById(paymentId);
    if (payment?.kind !== GrantKind.Subscription) return this.refunds.request(paymentId);
    const charges = (await this.payments.ofUser(payment.userId)).filter(
      (p) => p.kind === GrantKind.Subscription && p.status === PaymentStatus.Captured && !p.refundId,
    );
    const finding = findDuplicatePayments(charges, () => null).find((f) => f.paymentId === paymentId);
    const sub = payment.subscriptionId
      ? await this.subscriptions.findByRazorpayId(payment.subscriptionId)
      : null;
    if (!finding || !sub) {
      throw new AppError(ErrorCode.ValidationFailed, PaymentMessages.subscriptionNotRefundable);
    }
    const kept = finding.keptPaymentId ? await this.payments.findById(finding.keptPaymentId) : null;
    await this.subscriptionService.retireDuplicate(sub, kept?.subscriptionId ?? sub.duplicateOf ?? 'unknown');
    return (await this.payments.findById(paymentId)) ?? payment;
  }

  private duplicatesAmong(
    captured: StoredPayment[],
    grants: Awaited<ReturnType<GrantsRepository['byPaymentIds']>>,
  ) {
    const rentals = new Map(
      grants.flatMap((g) => (g.paymentId && g.rental ? [[g.paymentId, g.rental]] : [])),
    );
    // A refund already underway settles the payment either way: it is neither kept nor a duplicate.
    const settled = captured.filter((payment) => !payment.refundId);
    const byId = new Map(settled.map((payment) => [payment._id, payment]));
    return findDuplicatePayments(settled, (id) => rentals.get(id) ?? null).flatMap(
      ({ paymentId, keptPaymentId }) => {
        const payment = byId.get(paymentId);
        return payment ? [{ payment, keptPaymentId }] : [];
      },
    );
  }

  private toDuplicate(
    payment: StoredPayment,
    keptPaymentId: string | null,
    email: string | null,
  ): DuplicatePayment {
    return {
      paymentId: payment._id,
      keptPaymentId,
      userId: payment.userId,
      email,
      kind: payment.kind,
      movieId: payment.movieId,
      planId: payment.planId,
      item:
        payment.title ?? (payment.planId ? (this.plans.find(payment.planId)?.name ?? payment.planId) : ''),
      amountInr: payment.amountPaise / 100,
      capturedAt: payment.capturedAt?.toISOString() ?? null,
    };
  }

  /** The user id filter, and the payers whose email contains the email filter (their orders' and plans'). */
  private async payers({ userId, email }: AdminPaymentsQuery) {
    if (!email) return { userId };
    const found = await Promise.all([
      this.orders.userIdsByEmail(email, EMAIL_MATCHES),
      this.subscriptions.userIdsByEmail(email, EMAIL_MATCHES),
    ]);
    return { userId, userIds: [...new Set(found.flat())] };
  }

  /** Each payer's email, as their orders and plans have it (kept current by user.updated). */
  private async emailsOf(userIds: string[]): Promise<Map<string, string>> {
    const unique = [...new Set(userIds)];
    if (unique.length === 0) return new Map();
    const known = await Promise.all([this.orders.emailsOf(unique), this.subscriptions.emailsOf(unique)]);
    const emails = new Map<string, string>();
    for (const { userId, email } of known.flat()) if (!emails.has(userId)) emails.set(userId, email);
    return emails;
  }

  /** The plans whose id or name contains the title filter (a subscription's "title" is its plan). */
  private plansNamed(text: string): PlanId[] {
    const wanted = text.toLowerCase();
    return this.plans
      .list()
      .filter((plan) => plan.name.toLowerCase().includes(wanted) || plan.id.includes(wanted))
      .map((plan) => plan.id);
  }

  private window({ page, pageSize }: AdminPaymentsQuery): [number, number] {
    return [(page - 1) * pageSize, pageSize];
  }

  private paged<T, R>(
    { page, pageSize }: AdminPaymentsQuery,
    { items, total }: { items: T[]; total: number },
    map: (item: T) => R,
  ): Page<R> {
    return { data: items.map(map), page, pageSize, total };
  }
}
