import { Injectable, Logger } from '@nestjs/common';
import { z } from 'zod';
import type { RpcReply, RpcRequest } from '@app/contracts';
import { ErrorCode, PaymentRpc } from '@app/contracts';
import { AppError } from '@app/server-core';
import { OrdersRepository } from '../orders/orders.repository';
import { RefundsService } from '../payments/refunds.service';
import { SettlementService } from '../payments/settlement.service';
import type { RazorpayWebhook } from '../razorpay/razorpay-entities';
import { RazorpayWebhookSchema } from '../razorpay/razorpay-entities';
import { RazorpayClient } from '../razorpay/razorpay.client';
import { SubscriptionsService } from '../subscriptions/subscriptions.service';
import { WebhookOutcome } from './webhook-event.schema';
import { WebhookEventsRepository } from './webhook-events.repository';

type WebhookRequest = RpcRequest<typeof PaymentRpc.webhook>;
type WebhookReply = RpcReply<typeof PaymentRpc.webhook>;

/** The events this service acts on; anything else is recorded and ignored. */
const HandledEventSchema = z.enum([
  'payment.authorized',
  'payment.captured',
  'payment.failed',
  'order.paid',
  'subscription.authenticated',
  'subscription.activated',
  'subscription.charged',
  'subscription.pending',
  'subscription.halted',
  'subscription.cancelled',
  'subscription.completed',
  'refund.processed',
  'refund.failed',
]);
type HandledEvent = z.infer<typeof HandledEventSchema>;

type Applied = {
  outcome: typeof WebhookOutcome.Applied | typeof WebhookOutcome.Ignored;
  userId: string | null;
};
const ignored: Applied = { outcome: WebhookOutcome.Ignored, userId: null };

const invalid = (message: string) => new AppError(ErrorCode.ValidationFailed, message);

/**
 * Razorpay's webhooks: signature over the raw body first, then the event id is recorded (unique) BEFORE anything
 * is applied, so a redelivery answers `duplicate`. Every effect is idempotent and order-free (settlement,
 * subscription compare-and-set, grants by source), so duplicates, late and reordered events all end in one
 * state. A delivery that died mid-apply left its record `received`: its redelivery applies it again.
 */
@Injectable()
export class WebhooksService {
  private readonly logger = new Logger(WebhooksService.name);

  constructor(
    private readonly events: WebhookEventsRepository,
    private readonly orders: OrdersRepository,
    private readonly settlement: SettlementService,
    private readonly subscriptions: SubscriptionsService,
    private readonly refunds: RefundsService,
    private readonly razorpay: RazorpayClient,
  ) {}

  async receive({ rawBody, signature, eventId }: WebhookRequest): Promise<WebhookReply> {
    if (!this.razorpay.isValidWebhookSignature(rawBody, signature))
      throw invalid('Invalid webhook signature');
    if (!/^[A-Za-z0-9_.:-]{1,128}$/.test(eventId)) throw invalid('Invalid webhook event id');
    const webhook = this.parse(rawBody);
    const now = new Date();
    const recorded = await this.events.record(
      { _id: eventId, event: webhook.event, entityId: entityIdOf(webhook), userId: null },
      now,
    );
    if (!recorded) {
      const earlier = await this.events.findById(eventId);
      if (earlier?.outcome === WebhookOutcome.Received) await this.applyAndFinish(eventId, webhook);
      return { outcome: 'duplicate' };
    }
    return { outcome: await this.applyAndFinish(eventId, webhook) };
  }

  private async applyAndFinish(eventId: string, webhook: RazorpayWebhook) {
    const event = HandledEventSchema.safeParse(webhook.event);
    const { outcome, userId } = event.success ? await this.apply(event.data, webhook) : ignored;
    await this.events.finish(eventId, outcome, userId, new Date());
    if (outcome === WebhookOutcome.Ignored)
      this.logger.log({ msg: 'webhook ignored', eventId, event: webhook.event });
    return outcome;
  }

  private parse(rawBody: string): RazorpayWebhook {
    let json: unknown;
    try {
      json = JSON.parse(rawBody);
    } catch {
      throw invalid('Webhook body is not JSON');
    }
    const parsed = RazorpayWebhookSchema.safeParse(json);
    if (!parsed.success) throw invalid('Webhook body not understood');
    return parsed.data;
  }

  private async apply(event: HandledEvent, { payload }: RazorpayWebhook): Promise<Applied> {
    switch (event) {
      case 'payment.authorized':
      case 'payment.captured':
      case 'payment.failed':
      case 'order.paid': {
        const payment = payload.payment?.entity;
        const orderId = payment?.order_id ?? payload.order?.entity.id;
        const order = orderId ? await this.orders.findByRazorpayId(orderId) : null;
        // Not one of our title orders (a subscription's charge has its own event): recorded and ignored.
        if (!payment || !order) return ignored;
        await this.settlement.settleOrderPayment(
          order,
          { ...payment, order_id: orderId },
          { signatureVerified: false },
        );
        return { outcome: WebhookOutcome.Applied, userId: order.userId };
      }
      case 'subscription.authenticated':
      case 'subscription.activated':
      case 'subscription.charged':
      case 'subscription.pending':
      case 'subscription.halted':
      case 'subscription.cancelled':
      case 'subscription.completed': {
        const entity = payload.subscription?.entity;
        const sub = entity ? await this.subscriptions.findByRazorpayId(entity.id) : null;
        if (!entity || !sub) return ignored;
        await this.subscriptions.applyRemote(sub, entity, payload.payment?.entity);
        return { outcome: WebhookOutcome.Applied, userId: sub.userId };
      }
      case 'refund.processed':
      case 'refund.failed': {
        const refund = payload.refund?.entity;
        if (!refund) return ignored;
        const known =
          event === 'refund.processed'
            ? await this.refunds.applyProcessed(refund)
            : await this.refunds.applyFailed(refund);
        return known ? { outcome: WebhookOutcome.Applied, userId: null } : ignored;
      }
    }
  }
}

const entityIdOf = ({ payload }: RazorpayWebhook): string | null =>
  payload.refund?.entity.id ??
  payload.subscription?.entity.id ??
  payload.payment?.entity.id ??
  payload.order?.entity.id ??
  null;
