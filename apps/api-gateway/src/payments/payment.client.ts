import { Injectable } from '@nestjs/common';
import {
  AdminPaymentsQuery,
  PaymentMessages,
  PaymentRpc,
  PlanId,
  Role,
  SessionUser,
  TitleFacts,
  TitleOrderKind,
  VerifyPaymentRequest,
} from '@app/contracts';
import { ServiceClient } from '@app/server-core';
import { CatalogueClient } from '../catalogue/catalogue.client';
import { InjectServiceClients, ServiceClients } from '../clients/service-clients';
import { TitleFactsCache } from './title-facts.cache';

const payerOf = (user: SessionUser) => ({
  userId: user.id,
  email: user.email,
  name: user.username,
  isAdmin: user.role === Role.Admin,
});

/**
 * Typed calls to payment-service. What a title costs and whether it is premium is catalogue-service's: the
 * gateway reads it there (published titles only) and hands payment-service the facts, never the client's.
 */
@Injectable()
export class PaymentClient {
  private readonly client: ServiceClient;

  constructor(
    @InjectServiceClients() clients: ServiceClients,
    private readonly catalogue: CatalogueClient,
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

  async createTitleOrder(user: SessionUser, movieId: string, kind: TitleOrderKind, idempotencyKey: string) {
    const title = await this.titleFacts(movieId);
    const checkout = await this.client.send(PaymentRpc.createTitleOrder, {
      payer: payerOf(user),
      title,
      kind,
      idempotencyKey,
    });
    return { ...checkout, message: PaymentMessages.orderCreated };
  }

  createPlanOrder(user: SessionUser, planId: PlanId, idempotencyKey: string) {
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
    const viewer = user ? { userId: user.id, isAdmin: user.role === Role.Admin } : null;
    return this.client.send(PaymentRpc.entitlement, { viewer, title });
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

  /** Published titles only: a draft or unknown id is a 404. */
  titleFacts(movieId: string): Promise<TitleFacts> {
    return this.titles.get(movieId, async () => {
      const movie = await this.catalogue.movie(movieId, undefined);
      return {
        movieId: movie.id,
        title: movie.title,
        access: movie.access,
        purchasePriceInr: movie.purchasePriceInr,
        rentalPriceInr: movie.rentalPriceInr,
      };
    });
  }

  exportOf(userId: string) {
    return this.client.send(PaymentRpc.exportOf, { userId });
  }
}
