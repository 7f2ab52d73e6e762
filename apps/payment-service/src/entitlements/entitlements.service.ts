import { Injectable } from '@nestjs/common';
import type {
  Entitlement,
  OwnedTitle,
  Plan,
  RentalClock,
  RpcRequest,
  TitleFacts,
  TitleOrderKind,
} from '@app/contracts';
import { ErrorCode, PaymentMessages, PaymentRpc } from '@app/contracts';
import { AppError, Outbox } from '@app/server-core';
import { coveringGrant } from '../payments/duplicate-payments';
import { MAX_SCREENS } from '../plans/plan-catalogue';
import { PlansService } from '../plans/plans.service';
import { givesAccess, nextAccessChange, pickCurrent } from '../subscriptions/subscription-state';
import { SubscriptionsRepository, type StoredSubscription } from '../subscriptions/subscriptions.repository';
import { AccessFactsCache, type AccessFacts } from './access-facts.cache';
import { decideEntitlement } from './entitlement-decision';
import { toOwnedTitle, toTitleGrant } from './grant.mapper';
import { GrantKind } from './grant.schema';
import type { NewGrant, StoredGrant } from './grants.repository';
import { GrantsRepository } from './grants.repository';
import { decideRentalStart, isRentalActive, toRentalClock, watchWindowFrom } from './rental-clock';

type EntitlementRequest = RpcRequest<typeof PaymentRpc.entitlement>;
type EntitlementsRequest = RpcRequest<typeof PaymentRpc.entitlements>;

/** Grants and the one entitlement answer; the rules are in `decideEntitlement`, the storage in the repositories. */
@Injectable()
export class EntitlementsService {
  constructor(
    private readonly grants: GrantsRepository,
    private readonly subscriptions: SubscriptionsRepository,
    private readonly plans: PlansService,
    private readonly outbox: Outbox,
    private readonly access: AccessFactsCache,
  ) {}

  async entitlement({ viewer, title }: EntitlementRequest & { title: TitleFacts }): Promise<Entitlement> {
    const [entitlement] = await this.entitlements({ viewer, titles: [title] });
    return entitlement;
  }

  /**
   * The one answer for each title, in order, from the viewer's records (held between a player's heartbeats:
   * `AccessFactsCache`) and this call's clock.
   */
  async entitlements({ viewer, titles }: EntitlementsRequest): Promise<Entitlement[]> {
    const now = new Date();
    const facts = viewer ? await this.access.of(viewer.userId, () => this.factsOf(viewer.userId)) : null;
    const plan = facts ? this.planFrom(facts.subscriptions, now) : null;
    const planChangesAt = facts ? nextAccessChange(facts.subscriptions, now) : null;
    const grants = facts?.titleGrants ?? [];
    const plans = this.plans.list();
    return titles.map((title) =>
      decideEntitlement({
        viewer,
        title,
        plan,
        planChangesAt,
        plans,
        grants: grants.flatMap((grant) =>
          title.kind !== 'series' && grant.movieId === title.movieId ? (toTitleGrant(grant) ?? []) : [],
        ),
        now,
        adminScreens: MAX_SCREENS,
      }),
    );
  }

  /** The plan the viewer's current subscription gives now, if it gives access. */
  private planFrom(subscriptions: StoredSubscription[], now: Date): Plan | null {
    const current = pickCurrent(subscriptions, now);
    return current && givesAccess(current, now) ? (this.plans.find(current.planId) ?? null) : null;
  }

  private async factsOf(userId: string): Promise<AccessFacts> {
    const [subscriptions, titleGrants] = await Promise.all([
      this.subscriptions.ofUser(userId),
      this.grants.liveTitleGrantsOf(userId),
    ]);
    return { subscriptions, titleGrants };
  }

  async ownedTitles(userId: string): Promise<OwnedTitle[]> {
    const now = new Date();
    return (await this.grants.ownedBy(userId)).flatMap((grant) => toOwnedTitle(grant, now) ?? []);
  }

  /** What a new order must not collide with: an owned title, or a rental still running. */
  async holdings(userId: string, movieId: string, now: Date): Promise<{ owned: boolean; renting: boolean }> {
    const grants = await this.grants.titleGrants(userId, movieId);
    return {
      owned: grants.some((grant) => grant.kind === GrantKind.Purchase),
      renting: grants.some(
        (grant) => grant.kind === GrantKind.Rental && grant.rental && isRentalActive(grant.rental, now),
      ),
    };
  }

  /**
   * The payment whose live grant already gives what a new `kind` of this title would (a purchase covers both, a
   * running rental a rental), leaving out `exceptSource`'s own grant; null when nothing does (issue 22).
   */
  async heldThrough(
    userId: string,
    movieId: string,
    kind: TitleOrderKind,
    exceptSource: string,
    now: Date,
  ): Promise<string | null> {
    const grants = (await this.grants.titleGrants(userId, movieId)).filter((g) => g.source !== exceptSource);
    const covering = coveringGrant(kind, grants, now);
    return covering ? (covering.paymentId ?? covering.source) : null;
  }

  /**
   * The first play of a rental starts its 48 hours (DECISIONS 7): a conditional update, so the first call wins
   * and later calls get the same clock. Refused when not rented, or when the rental ran out.
   */
  async startRental(userId: string, movieId: string): Promise<RentalClock> {
    const now = new Date();
    const rentals = (await this.grants.titleGrants(userId, movieId))
      .filter(
        (grant): grant is StoredGrant & { rental: NonNullable<StoredGrant['rental']> } =>
          grant.kind === GrantKind.Rental && grant.rental !== null,
      )
      .sort((a, b) => b.rental.rentedAt.getTime() - a.rental.rentedAt.getTime());
    if (rentals.length === 0) throw new AppError(ErrorCode.NotFound, PaymentMessages.notRented);
    const rental = rentals.find((grant) => isRentalActive(grant.rental, now)) ?? rentals[0];
    const decision = decideRentalStart(rental.rental, now);
    switch (decision.kind) {
      case 'expired':
        throw new AppError(ErrorCode.Conflict, PaymentMessages.rentalExpired);
      case 'started':
        return toRentalClock(rental.rental);
      case 'start': {
        await this.grants.startRental(rental._id, watchWindowFrom(now));
        // Won or lost the race, the stored clock is the one answer.
        const stored = await this.grants.findById(rental._id);
        if (!stored?.rental?.startedAt) throw new AppError(ErrorCode.Conflict, PaymentMessages.rentalExpired);
        return toRentalClock(stored.rental);
      }
    }
  }

  /**
   * Grants once per source, and announces the grant on every call while it stands, dated when it was made, through
   * the outbox (issue 29 §1): a replay (verify again, a webhook, the reconciler) announces it again, the same news.
   */
  async grant(grant: NewGrant): Promise<void> {
    await this.outbox.announce(
      {
        type: 'entitlement.granted',
        payload: grantedEvent({ ...grant, movieId: grant.movieId ?? null, planId: grant.planId ?? null }),
        stored: grantedEvent,
        at: (stored: StoredGrant) => stored.grantedAt,
      },
      () => this.grants.grantOnce(grant),
      (stored) => !stored.revokedAt,
    );
  }

  /** Revokes every live cycle grant of a subscription (a duplicate cancelled at once, issue 22). */
  async revokeSubscription(subscriptionId: string, reason: string): Promise<void> {
    for (const grant of await this.grants.liveOfSubscription(subscriptionId)) {
      await this.revoke(grant.source, reason);
    }
  }

  /**
   * Revokes the grant of `source` (a refund), once, and announces the revocation on every call through the outbox,
   * dated when it was made and with the reason it was made for (a replay announces it again, the same news).
   */
  async revoke(source: string, reason: string): Promise<void> {
    const grant = await this.grants.findBySource(source);
    if (!grant) return;
    await this.outbox.announce(
      {
        type: 'entitlement.revoked',
        payload: { ...grantedEvent(grant), reason: grant.revokeReason ?? reason },
        stored: (revoked) => ({
          ...grantedEvent(revoked ?? grant),
          reason: revoked?.revokeReason ?? reason,
        }),
        at: (revoked: StoredGrant | null) => revoked?.revokedAt ?? new Date(),
      },
      () => this.grants.revoke(source, reason, new Date()),
      (revoked) => Boolean(revoked?.revokedAt),
    );
  }
}

/** What `entitlement.granted` says of a grant. */
const grantedEvent = (grant: Pick<StoredGrant, 'userId' | 'kind' | 'movieId' | 'planId' | 'source'>) => ({
  userId: grant.userId,
  kind: grant.kind,
  movieId: grant.movieId,
  planId: grant.planId,
  source: grant.source,
});
