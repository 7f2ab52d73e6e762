import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { Checkout, Payer, TitleFacts, TitleOrderKind, VerifyPaymentResult } from '@app/contracts';
import { ErrorCode, MovieAccess, PaymentMessages, SeriesMessages, VerifyOutcome } from '@app/contracts';
import { AppError } from '@app/server-core';
import {
  assertIdempotencyKey,
  assertMayPay,
  orderCheckout,
  ownIdempotencyKey,
  verifiedAs,
} from '../checkout/checkout.mapper';
import { EntitlementsService } from '../entitlements/entitlements.service';
import { SettlementService } from '../payments/settlement.service';
import { PromosService, type PromoOffer } from '../promos/promos.service';
import { RazorpayClient } from '../razorpay/razorpay.client';
import { OrdersRepository, type StoredOrder } from './orders.repository';

export type CreateTitleOrder = {
  payer: Payer;
  title: TitleFacts;
  kind: TitleOrderKind;
  /** The button press's key; none when the client sent none. */
  idempotencyKey?: string;
  /** Issue 27: applied here, at order creation, never taken as a price from the client. */
  promoCode?: string;
};
/** `movieId`: the title the client says it paid for (SPEC 7), when it says. */
export type OrderConfirmation = { paymentId: string; orderId: string; signature: string; movieId?: string };

/** Rounds of "find the open order, else claim the slot" before giving up (each lost round means another tab won). */
const OPEN_ORDER_ATTEMPTS = 4;

/** Watch Now (purchase) and Rent Now (rental): orders through Razorpay, priced here, verified against our own order. */
@Injectable()
export class OrdersService {
  constructor(
    private readonly orders: OrdersRepository,
    private readonly entitlements: EntitlementsService,
    private readonly settlement: SettlementService,
    private readonly razorpay: RazorpayClient,
    private readonly promos: PromosService,
  ) {}

  async createTitleOrder({
    payer,
    title,
    kind,
    idempotencyKey,
    promoCode,
  }: CreateTitleOrder): Promise<Checkout> {
    assertMayPay();
    if (idempotencyKey !== undefined) assertIdempotencyKey(idempotencyKey);
    // A series comes with a plan: none of it is bought or rented (issue 13).
    if (title.kind === 'series') throw new AppError(ErrorCode.ValidationFailed, SeriesMessages.noTitleOrder);
    // A double click (same key) gets the order the first click made, whatever happened since.
    const existing =
      idempotencyKey === undefined ? null : await this.orders.findByKey(payer.userId, idempotencyKey);
    if (existing) return this.checkoutOf(this.sameRequestOrFail(existing, title.movieId, kind), payer);

    if (title.access === MovieAccess.Free) throw new AppError(ErrorCode.Conflict, PaymentMessages.freeTitle);
    const { owned, renting } = await this.entitlements.holdings(payer.userId, title.movieId, new Date());
    if (owned) {
      throw new AppError(
        ErrorCode.Conflict,
        kind === 'rental' ? PaymentMessages.rentOwned : PaymentMessages.alreadyOwned,
      );
    }
    if (renting && kind === 'rental') throw new AppError(ErrorCode.Conflict, PaymentMessages.alreadyRented);

    // Priced here from the title (DECISIONS 2): rupees × 100, nothing from the client.
    const listPricePaise = (kind === 'rental' ? title.rentalPriceInr : title.purchasePriceInr) * 100;
    const offer =
      promoCode === undefined
        ? null
        : await this.promos.offer(promoCode, { kind, movieId: title.movieId }, listPricePaise, new Date());
    const key = idempotencyKey ?? ownIdempotencyKey();
    const order = await this.openOrder({ payer, title, kind, idempotencyKey: key }, offer, listPricePaise);
    return this.checkoutOf(this.sameRequestOrFail(order, title.movieId, kind), payer);
  }

  /**
   * The viewer's one unpaid order of this title (issue 22): another tab's (another key) is reused when it asks the
   * same thing at the same price; one of the other kind or an old price gives up its slot to a new order. Every
   * step is a conditional write on a unique key, so concurrent tabs end with one order. A promo code is claimed for
   * a new order only (the open order with the same code already holds it), and given back by an order that gives up
   * its slot.
   */
  private async openOrder(
    request: CreateTitleOrder & { idempotencyKey: string },
    offer: PromoOffer | null,
    listPricePaise: number,
  ): Promise<StoredOrder> {
    const { payer, title, kind, idempotencyKey } = request;
    const amountPaise = offer?.amountPaise ?? listPricePaise;
    for (let attempt = 0; attempt < OPEN_ORDER_ATTEMPTS; attempt++) {
      const open = await this.orders.findOpen(payer.userId, title.movieId);
      const sameOffer = (open?.promo?.code ?? null) === (offer?.applied.code ?? null);
      if (open && open.kind === kind && open.amountPaise === amountPaise && sameOffer) return open;
      if (open) {
        if ((await this.orders.releaseOpen(open._id)) && open.promo)
          await this.promos.release({ order: open });
        continue;
      }
      if (offer) await this.promos.claim(offer, payer.userId);
      const claimed = await this.orders.create({
        receipt: `rcpt_${randomBytes(10).toString('hex')}`,
        userId: payer.userId,
        idempotencyKey,
        kind,
        movieId: title.movieId,
        title: title.title,
        amountPaise,
        ...(offer ? { promo: offer.applied } : {}),
        email: payer.email,
        name: payer.name,
        language: payer.language,
      });
      if (claimed) return claimed;
      if (offer) await this.promos.unclaim(offer, payer.userId);
      // The key was taken meanwhile (a double click racing itself): that click's order is this one's.
      const byKey = await this.orders.findByKey(payer.userId, idempotencyKey);
      if (byKey) return byKey;
    }
    throw new AppError(ErrorCode.Conflict, PaymentMessages.createOrderFailed);
  }

  async verify(
    { paymentId, orderId, signature, movieId }: OrderConfirmation,
    payer: Payer,
  ): Promise<VerifyPaymentResult> {
    // Looked up by the id sent, then checked with OUR stored id: a signature over any other order cannot pass.
    const order = await this.orders.findByRazorpayId(orderId);
    if (!order?.razorpayOrderId) throw new AppError(ErrorCode.NotFound, PaymentMessages.verificationFailed);
    if (order.userId !== payer.userId)
      throw new AppError(ErrorCode.Forbidden, PaymentMessages.verificationFailed);
    if (movieId !== undefined && movieId !== order.movieId)
      throw new AppError(ErrorCode.ValidationFailed, PaymentMessages.otherTitle);
    if (!this.razorpay.isValidOrderSignature({ orderId: order.razorpayOrderId, paymentId, signature })) {
      throw new AppError(ErrorCode.ValidationFailed, PaymentMessages.verificationFailed);
    }
    const payment = await this.razorpay.fetchPayment(paymentId);
    const { paid, duplicateOf } = await this.settlement.settleOrderPayment(order, payment, {
      signatureVerified: true,
    });
    if (!paid) throw new AppError(ErrorCode.ValidationFailed, PaymentMessages.verificationFailed);
    return {
      ...verifiedAs(duplicateOf ? VerifyOutcome.RefundedDuplicate : VerifyOutcome.Paid),
      movieId: order.movieId,
      planId: null,
      kind: order.kind,
    };
  }

  private sameRequestOrFail(order: StoredOrder, movieId: string, kind: TitleOrderKind): StoredOrder {
    // A key reused for another title or kind is a client bug: never hand back an order for something else.
    if (order.movieId !== movieId || order.kind !== kind) {
      throw new AppError(ErrorCode.Conflict, PaymentMessages.createOrderFailed);
    }
    return order;
  }

  /** The Razorpay order behind ours: created once; of two racing creators the first stored id wins. */
  private async checkoutOf(order: StoredOrder, payer: Payer): Promise<Checkout> {
    let razorpayOrderId = order.razorpayOrderId;
    if (!razorpayOrderId) {
      const created = await this.razorpay.createOrder({
        amountPaise: order.amountPaise,
        receipt: order.receipt,
        notes: { userId: order.userId, movieId: order.movieId, kind: order.kind },
      });
      razorpayOrderId =
        (await this.orders.attachRazorpayOrder(order._id, created.id))?.razorpayOrderId ?? created.id;
    }
    return orderCheckout({
      razorpayOrderId,
      amountPaise: order.amountPaise,
      keyId: this.razorpay.keyId,
      kind: order.kind,
      title: order.title,
      movieId: order.movieId,
      payer: { email: order.email ?? payer.email, name: order.name ?? payer.name },
      promo: order.promo,
    });
  }
}
