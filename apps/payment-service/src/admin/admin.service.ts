import { Injectable } from '@nestjs/common';
import type { AdminPaymentsQuery, MismatchReport, Page } from '@app/contracts';
import { ErrorCode, OrderStatus, PaymentStatus, SubscriptionStatus } from '@app/contracts';
import { AppError } from '@app/server-core';
import { GrantKind } from '../entitlements/grant.schema';
import { GrantsRepository } from '../entitlements/grants.repository';
import { OrdersRepository } from '../orders/orders.repository';
import { PaymentsRepository } from '../payments/payments.repository';
import { RefundsService } from '../payments/refunds.service';
import { ReconcilerRunsRepository } from '../reconciler/reconciler-runs.repository';
import { SubscriptionsRepository } from '../subscriptions/subscriptions.repository';
import { WebhookOutcome } from '../webhooks/webhook-event.schema';
import { WebhookEventsRepository } from '../webhooks/webhook-events.repository';
import { toAdminOrder, toAdminPayment, toAdminSubscription, toAdminWebhookEvent } from './admin.mapper';

/** How far back the mismatch report looks (newest first). */
const REPORT_WINDOW = 1_000;

/** A `status` filter must be one of that list's own states; anything else is a 400, not an empty page. */
const statusOf = <S extends string>(
  allowed: Record<string, S>,
  status: string | undefined,
): S | undefined => {
  if (status === undefined) return undefined;
  const match = Object.values(allowed).find((value) => value === status);
  if (!match)
    throw new AppError(
      ErrorCode.ValidationFailed,
      `Invalid request: status must be one of ${Object.values(allowed).join(', ')}`,
    );
  return match;
};

/** The admin payments console: lists, the mismatch report and refunds. */
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
  ) {}

  async ordersPage(query: AdminPaymentsQuery) {
    const filter = { userId: query.userId, status: statusOf(OrderStatus, query.status) };
    return this.paged(query, await this.orders.page(filter, ...this.window(query)), toAdminOrder);
  }

  async paymentsPage(query: AdminPaymentsQuery) {
    const filter = { userId: query.userId, status: statusOf(PaymentStatus, query.status) };
    return this.paged(query, await this.payments.page(filter, ...this.window(query)), toAdminPayment);
  }

  async subscriptionsPage(query: AdminPaymentsQuery) {
    const filter = { userId: query.userId, status: statusOf(SubscriptionStatus, query.status) };
    return this.paged(
      query,
      await this.subscriptions.page(filter, ...this.window(query)),
      toAdminSubscription,
    );
  }

  async webhookEventsPage(query: AdminPaymentsQuery) {
    const filter = { userId: query.userId, status: statusOf(WebhookOutcome, query.status) };
    return this.paged(
      query,
      await this.webhookEvents.page(filter, ...this.window(query)),
      toAdminWebhookEvent,
    );
  }

  /** Paid without an entitlement, entitlements without a captured payment, and the reconciler's last run. */
  async mismatches(): Promise<MismatchReport> {
    const captured = await this.payments.captured(REPORT_WINDOW);
    const grantsOfCaptured = await this.grants.byPaymentIds(captured.map((p) => p._id));
    const grantedPayments = new Set(
      grantsOfCaptured.filter((g) => g.revokedAt === null).map((g) => g.paymentId),
    );
    const paidWithoutEntitlement = captured
      .filter((payment) => !grantedPayments.has(payment._id))
      .map((payment) => ({ paymentId: payment._id, userId: payment.userId, kind: payment.kind }));

    const withPayment = await this.grants.liveWithPayment(REPORT_WINDOW);
    const capturedIds = new Set(
      (await this.payments.byIds(withPayment.flatMap((g) => (g.paymentId ? [g.paymentId] : []))))
        .filter((p) => p.status === PaymentStatus.Captured)
        .map((p) => p._id),
    );
    const unpaid = [
      ...withPayment.filter((g) => g.paymentId && !capturedIds.has(g.paymentId)),
      ...(await this.grants.liveTitleGrantsWithoutPayment(REPORT_WINDOW)),
    ];
    const last = await this.runs.last();
    return {
      paidWithoutEntitlement,
      entitlementWithoutPayment: unpaid
        // A subscription cycle granted from its activation has no payment id until its charge is reported.
        .filter((g) => g.kind !== GrantKind.Subscription || g.paymentId !== null)
        .map((g) => ({ entitlementId: g._id.toHexString(), userId: g.userId, kind: g.kind })),
      reconciler: last
        ? { lastRunAt: last.lastRunAt.toISOString(), checked: last.checked, settled: last.settled }
        : null,
    };
  }

  async refund(paymentId: string) {
    return toAdminPayment(await this.refunds.request(paymentId));
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
