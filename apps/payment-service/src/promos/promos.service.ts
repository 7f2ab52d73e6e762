import { Injectable } from '@nestjs/common';
import type {
  CreatePromoRequest,
  Page,
  PageQuery,
  PlanId,
  Promo,
  PromoRedemption,
  TitleOrderKind,
} from '@app/contracts';
import { ErrorCode, PromoMessages, PromoStatus } from '@app/contracts';
import { AppError } from '@app/server-core';
import { PromoState, type OrderPromo } from '../orders/order.schema';
import { OrdersRepository, type StoredOrder } from '../orders/orders.repository';
import { SubscriptionsRepository, type StoredSubscription } from '../subscriptions/subscriptions.repository';
import { discountedPaise } from './discount';
import { toPromo, toRedemption, toSubscriptionRedemption } from './promo.mapper';
import { PromosRepository, type StoredPromo } from './promos.repository';

/** What an order is for, as a code's `appliesTo` reads it. */
export type PromoTarget =
  { kind: TitleOrderKind; movieId: string } | { kind: 'subscription'; planId: PlanId };

/** A code checked against one order: the price it gives and the promo the order will carry. */
export type PromoOffer = { promo: StoredPromo; applied: OrderPromo; amountPaise: number };

/** What holds one of a code's claims: a title order, or a plan's subscription (its upfront first period). */
export type PromoHolder = { order: StoredOrder } | { subscription: StoredSubscription };

const refuse = (message: string, code: ErrorCode = ErrorCode.ValidationFailed) => new AppError(code, message);

const appliesTo = (promo: StoredPromo, target: PromoTarget): boolean => {
  const { titles, titleKinds, plans = [] } = promo.appliesTo;
  // Codes stored before plans were offered have no `plans`: no plan.
  if (target.kind === 'subscription') return plans === 'all' || plans.includes(target.planId);
  if (!titleKinds.includes(target.kind)) return false;
  return titles === 'all' || titles.includes(target.movieId);
};

/**
 * Promo codes (issue 27, DECISIONS 40): admins make them; payment-service alone applies them, when it creates an
 * order. Limits count claims (orders holding the code, unpaid ones included) by conditional `$inc`, so parallel
 * orders never pass a limit; a paid order is counted once by moving its promo state to redeemed (one writer wins).
 */
@Injectable()
export class PromosService {
  constructor(
    private readonly promos: PromosRepository,
    private readonly orders: OrdersRepository,
    private readonly subscriptions: SubscriptionsRepository,
  ) {}

  async create(request: CreatePromoRequest): Promise<Promo> {
    const created = await this.promos.create({
      code: request.code,
      description: request.description,
      discount: request.discount,
      appliesTo: request.appliesTo,
      validFrom: new Date(request.validFrom),
      validTo: new Date(request.validTo),
      totalLimit: request.totalLimit,
      perAccountLimit: request.perAccountLimit,
    });
    if (!created) throw refuse(PromoMessages.taken, ErrorCode.Conflict);
    return toPromo(created);
  }

  async list({ page, pageSize }: PageQuery): Promise<Page<Promo>> {
    const { items, total } = await this.promos.page((page - 1) * pageSize, pageSize);
    return { data: items.map(toPromo), page, pageSize, total };
  }

  async setPaused(promoId: string, paused: boolean): Promise<Promo> {
    await this.findOrFail(promoId);
    const updated = await this.promos.setStatus(promoId, paused ? PromoStatus.Paused : PromoStatus.Active);
    return toPromo(updated ?? (await this.findOrFail(promoId)));
  }

  /** Paid orders and plans that used the code, newest first: the first `page × pageSize` of each, merged. */
  async redemptions(promoId: string, { page, pageSize }: PageQuery): Promise<Page<PromoRedemption>> {
    await this.findOrFail(promoId);
    const upTo = page * pageSize;
    const [orders, plans] = await Promise.all([
      this.orders.redeemedWith(promoId, 0, upTo),
      this.subscriptions.redeemedWith(promoId, 0, upTo),
    ]);
    const data = [...orders.items.map(toRedemption), ...plans.items.map(toSubscriptionRedemption)]
      .sort((a, b) => Date.parse(b.at) - Date.parse(a.at))
      .slice(upTo - pageSize, upTo);
    return { data, page, pageSize, total: orders.total + plans.total };
  }

  /**
   * The price `code` gives this order, or the viewer's reason it gives none (unknown, paused, not yet or no longer
   * valid, not for this). Reads only: `claim` takes the code when the order is stored.
   */
  async offer(code: string, target: PromoTarget, listPricePaise: number, now: Date): Promise<PromoOffer> {
    const promo = await this.promos.findByCode(code);
    if (!promo) throw refuse(PromoMessages.unknown, ErrorCode.NotFound);
    if (promo.status === PromoStatus.Paused) throw refuse(PromoMessages.paused);
    if (now < promo.validFrom) throw refuse(PromoMessages.notYet);
    if (now >= promo.validTo) throw refuse(PromoMessages.expired);
    if (!appliesTo(promo, target)) throw refuse(PromoMessages.notApplicable);
    // Used up is `claim`'s to say: the viewer's own open order may hold the last claim.
    const amountPaise = discountedPaise(listPricePaise, promo.discount);
    return {
      promo,
      amountPaise,
      applied: {
        promoId: promo._id.toHexString(),
        code: promo.code,
        listPricePaise,
        discountPaise: listPricePaise - amountPaise,
      },
    };
  }

  /** Takes one of the code's claims for a new order of `userId`: the account's first, then the total. */
  async claim({ promo }: PromoOffer, userId: string): Promise<void> {
    const promoId = promo._id.toHexString();
    if (!(await this.promos.claimForAccount(promoId, userId, promo.perAccountLimit)))
      throw refuse(PromoMessages.accountLimit, ErrorCode.Conflict);
    if (!(await this.promos.claimTotal(promoId, promo.totalLimit))) {
      await this.promos.releaseForAccount(promoId, userId);
      throw refuse(PromoMessages.usedUp, ErrorCode.Conflict);
    }
  }

  /** Gives a claim back for an order that was never stored (another tab's order won the slot). */
  async unclaim({ promo }: PromoOffer, userId: string): Promise<void> {
    await this.promos.releaseForAccount(promo._id.toHexString(), userId);
    await this.promos.releaseTotal(promo._id.toHexString());
  }

  /** An unpaid order or plan gave up its slot: its claim goes back, once (it stays payable; see `redeem`). */
  async release(holder: PromoHolder): Promise<void> {
    const { promo, userId } = factsOf(holder);
    if (!promo) return;
    if (!(await this.movePromoState(holder, PromoState.Reserved, PromoState.Released))) return;
    await this.promos.releaseForAccount(promo.promoId, userId);
    await this.promos.releaseTotal(promo.promoId);
  }

  /**
   * A paid order's (or plan's) code counts once, whichever settlement path (verify, webhook, reconciler, a replay)
   * gets here first: the one that moves its promo state to redeemed counts it.
   */
  async redeem(holder: PromoHolder): Promise<void> {
    const { promo, userId } = factsOf(holder);
    if (!promo) return;
    if (await this.movePromoState(holder, PromoState.Reserved, PromoState.Redeemed)) {
      await this.promos.countRedeemed(promo.promoId, { reclaim: false });
    } else if (await this.movePromoState(holder, PromoState.Released, PromoState.Redeemed)) {
      await this.promos.reclaimForAccount(promo.promoId, userId);
      await this.promos.countRedeemed(promo.promoId, { reclaim: true });
    }
  }

  private movePromoState(holder: PromoHolder, from: PromoState, to: PromoState): Promise<boolean> {
    return 'order' in holder
      ? this.orders.movePromoState(holder.order._id, from, to)
      : this.subscriptions.movePromoState(holder.subscription._id, from, to);
  }

  private async findOrFail(promoId: string): Promise<StoredPromo> {
    const promo = await this.promos.findById(promoId);
    if (!promo) throw AppError.notFound('No promo code of this id');
    return promo;
  }
}

const factsOf = (holder: PromoHolder): { promo?: OrderPromo; userId: string } =>
  'order' in holder ? holder.order : holder.subscription;
