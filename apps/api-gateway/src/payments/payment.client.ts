import { Injectable } from '@nestjs/common';
import {
  BillingRpc,
  PaymentMessages,
  PaymentRpc,
  PromoRpc,
  Role,
  TrialRpc,
  UiLanguage,
} from '@app/contracts';
import type {
  AdminPaymentsQuery,
  CreatePromoRequest,
  PageQuery,
  PlanId,
  RpcRequest,
  SessionUser,
  TitleFacts,
  TitleOrderKind,
  UpdateBillingProfile,
  VerifyPaymentRequest,
} from '@app/contracts';
import { ServiceClient } from '@app/server-core';
import { InjectServiceClients, ServiceClients } from '../clients/service-clients';

/** Who asks for an entitlement: null is a visitor. */
export type EntitlementViewer = RpcRequest<typeof PaymentRpc.entitlement>['viewer'];

const payerOf = (user: SessionUser) => ({
  userId: user.id,
  email: user.email,
  name: user.username,
  isAdmin: user.role === Role.Admin,
  language: user.language ?? UiLanguage.English,
});

export const viewerOf = (user: SessionUser | undefined): EntitlementViewer =>
  user ? { userId: user.id, isAdmin: user.role === Role.Admin } : null;

/**
 * Typed calls to payment-service, one per RPC. The title facts it is handed are catalogue-service's, read by
 * TitleAccessService, never the client's.
 */
@Injectable()
export class PaymentClient {
  private readonly client: ServiceClient;

  constructor(@InjectServiceClients() clients: ServiceClients) {
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
    title: TitleFacts,
    kind: TitleOrderKind,
    idempotencyKey: string | undefined,
    promoCode?: string,
  ) {
    const checkout = await this.client.send(PaymentRpc.createTitleOrder, {
      payer: payerOf(user),
      title,
      kind,
      idempotencyKey,
      promoCode,
    });
    return { ...checkout, message: PaymentMessages.orderCreated };
  }

  createPlanOrder(user: SessionUser, planId: PlanId, idempotencyKey: string | undefined, promoCode?: string) {
    return this.client.send(PaymentRpc.createPlanOrder, {
      payer: payerOf(user),
      planId,
      idempotencyKey,
      promoCode,
    });
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

  /** Also asked for a viewer known without a session (a stream lease's owner, on its heartbeats). */
  entitlement(viewer: EntitlementViewer, title: TitleFacts) {
    return this.client.send(PaymentRpc.entitlement, { viewer, title });
  }

  /** The answer for each title, in order. */
  entitlements(viewer: EntitlementViewer, titles: TitleFacts[]) {
    return this.client.send(PaymentRpc.entitlements, { viewer, titles });
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

  async billing(userId: string) {
    return { data: await this.client.send(BillingRpc.history, { userId }) };
  }

  invoice(userId: string, documentId: string) {
    return this.client.send(BillingRpc.document, { userId, documentId });
  }

  billingProfile(userId: string) {
    return this.client.send(BillingRpc.profile, { userId });
  }

  updateBillingProfile(userId: string, profile: UpdateBillingProfile) {
    return this.client.send(BillingRpc.updateProfile, { userId, profile });
  }

  invoicePdf(userId: string, documentId: string) {
    return this.client.send(BillingRpc.pdf, { userId, documentId });
  }

  /** An account whose email is not known to be verified is told so (the start route refuses it too). */
  trialOffer(user: SessionUser) {
    return this.client.send(TrialRpc.offer, { userId: user.id, emailVerified: user.emailVerified !== false });
  }

  startTrial(user: SessionUser, idempotencyKey: string | undefined, promoCode?: string) {
    return this.client.send(TrialRpc.start, { payer: payerOf(user), idempotencyKey, promoCode });
  }

  createPromo(request: CreatePromoRequest) {
    return this.client.send(PromoRpc.create, request);
  }

  promos(query: PageQuery) {
    return this.client.send(PromoRpc.list, query);
  }

  setPromoPaused(promoId: string, paused: boolean) {
    return this.client.send(PromoRpc.setPaused, { promoId, paused });
  }

  promoRedemptions(promoId: string, query: PageQuery) {
    return this.client.send(PromoRpc.redemptions, { promoId, ...query });
  }

  exportOf(userId: string) {
    return this.client.send(PaymentRpc.exportOf, { userId });
  }
}
