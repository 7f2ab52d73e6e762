import { Injectable } from '@nestjs/common';
import {
  AdminPaymentsQuery,
  ErrorCode,
  PaymentMessages,
  PaymentRpc,
  Playable,
  PlanId,
  Role,
  SeriesMessages,
  SessionUser,
  TitleFacts,
  TitleOrderKind,
  VerifyPaymentRequest,
} from '@app/contracts';
import { AppError, ServiceClient } from '@app/server-core';
import { SeriesClient } from '../catalogue/series.client';
import { InjectServiceClients, ServiceClients } from '../clients/service-clients';
import { TitleFactsCache } from './title-facts.cache';

const payerOf = (user: SessionUser) => ({
  userId: user.id,
  email: user.email,
  name: user.username,
  isAdmin: user.role === Role.Admin,
});

const viewerOf = (user: SessionUser | undefined) =>
  user ? { userId: user.id, isAdmin: user.role === Role.Admin } : null;

/**
 * Typed calls to payment-service. What a title costs and whether it is premium is catalogue-service's: the
 * gateway reads it there (published titles only, `catalogue.playables.get`) and hands payment-service the facts,
 * never the client's.
 */
@Injectable()
export class PaymentClient {
  private readonly client: ServiceClient;

  constructor(
    @InjectServiceClients() clients: ServiceClients,
    private readonly series: SeriesClient,
    private readonly titles: TitleFactsCache,
  ) {
    this.client = clients.get('payment-service');
  }

  async plans() {
    return { data: await this.client.send(PaymentRpc.plans, {}) };
  }

  checkoutConfig() {
    return this.client.send(PaymentRpc.checkoutConfig, {});
  }

  /** Without a key (none sent), payment-service makes one of its own. */
  async createTitleOrder(
    user: SessionUser,
    movieId: string,
    kind: TitleOrderKind,
    idempotencyKey: string | undefined,
  ) {
    const title = await this.titleFacts(movieId);
    // Refused here too, so no payment call is made for it; payment-service holds the same rule.
    if (title.kind === 'series') throw new AppError(ErrorCode.ValidationFailed, SeriesMessages.noTitleOrder);
    const checkout = await this.client.send(PaymentRpc.createTitleOrder, {
      payer: payerOf(user),
      title,
      kind,
      idempotencyKey,
    });
    return { ...checkout, message: PaymentMessages.orderCreated };
  }

  createPlanOrder(user: SessionUser, planId: PlanId, idempotencyKey: string | undefined) {
    return this.client.send(PaymentRpc.createPlanOrder, { payer: payerOf(user), planId, idempotencyKey });
  }

  verify(user: SessionUser, confirmation: VerifyPaymentRequest) {
    return this.client.send(PaymentRpc.verify, { payer: payerOf(user), confirmation });
  }

  webhook(rawBody: string, signature: string, eventId: string) {
    return this.client.send(PaymentRpc.webhook, { rawBody, signature, eventId });
  }

  async subscription(userId: string) {
    return { data: await this.client.send(PaymentRpc.subscription, { userId }) };
  }

  changePlan(user: SessionUser, planId: PlanId, idempotencyKey: string) {
    return this.client.send(PaymentRpc.changePlan, { payer: payerOf(user), planId, idempotencyKey });
  }

  async cancelSubscription(userId: string) {
    const data = await this.client.send(PaymentRpc.cancelSubscription, { userId });
    return { data, message: 'Subscription cancelled' };
  }

  async entitlement(user: SessionUser | undefined, movieId: string) {
    return this.entitlementFor(user, await this.titleFacts(movieId));
  }

  entitlementFor(user: SessionUser | undefined, title: TitleFacts) {
    return this.entitlementOf(viewerOf(user), title);
  }

  /** For a viewer known without a session (a stream lease's owner, asked again on its heartbeats). */
  entitlementOf(viewer: { userId: string; isAdmin: boolean } | null, title: TitleFacts) {
    return this.client.send(PaymentRpc.entitlement, { viewer, title });
  }

  /** The answer for each of a screen's titles, in order; ids that name no published title are left out. */
  async entitlements(user: SessionUser, movieIds: string[]) {
    const facts = await Promise.all(
      [...new Set(movieIds)].map((id) =>
        this.titleFacts(id).catch((error: unknown) => {
          if (error instanceof AppError && error.code === ErrorCode.NotFound) return null;
          throw error;
        }),
      ),
    );
    const titles = facts.filter((title): title is TitleFacts => title !== null);
    if (titles.length === 0) return [];
    return this.client.send(PaymentRpc.entitlements, { viewer: viewerOf(user), titles });
  }

  /** The first playback of a rental starts its 48 hours (the first call wins). */
  startRental(userId: string, movieId: string) {
    return this.client.send(PaymentRpc.startRental, { userId, movieId });
  }

  async ownedTitles(userId: string) {
    return { data: await this.client.send(PaymentRpc.ownedTitles, { userId }) };
  }

  adminOrders(query: AdminPaymentsQuery) {
    return this.client.send(PaymentRpc.adminOrders, query);
  }

  adminPayments(query: AdminPaymentsQuery) {
    return this.client.send(PaymentRpc.adminPayments, query);
  }

  adminSubscriptions(query: AdminPaymentsQuery) {
    return this.client.send(PaymentRpc.adminSubscriptions, query);
  }

  adminWebhookEvents(query: AdminPaymentsQuery) {
    return this.client.send(PaymentRpc.adminWebhookEvents, query);
  }

  mismatches() {
    return this.client.send(PaymentRpc.adminMismatches, {});
  }

  refund(paymentId: string) {
    return this.client.send(PaymentRpc.refund, { paymentId });
  }

  /**
   * What decides access to a movie, series or episode id (an episode's facts are its series', kind 'series'), with
   * the title the screens list and an episode's place in its series. Published only: a draft or unknown id is 404.
   */
  playable(id: string): Promise<Playable> {
    return this.titles.get(id, () => this.series.playable(id, false));
  }

  async titleFacts(id: string): Promise<TitleFacts> {
    return (await this.playable(id)).facts;
  }

  exportOf(userId: string) {
    return this.client.send(PaymentRpc.exportOf, { userId });
  }
}
