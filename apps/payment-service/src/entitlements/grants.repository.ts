import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { unlessDuplicate } from '@app/server-core';
import { GrantKind, GrantRecord } from './grant.schema';
import type { RentalClockState } from './rental-clock';

export type StoredGrant = GrantRecord & { _id: Types.ObjectId };

export type NewGrant = Pick<GrantRecord, 'source' | 'userId' | 'kind'> &
  Partial<
    Pick<
      GrantRecord,
      'movieId' | 'title' | 'planId' | 'subscriptionId' | 'paymentId' | 'periodStart' | 'periodEnd'
    >
  > & { rental?: RentalClockState | null; grantedAt: Date };

/** The only code that touches the entitlements collection. */
@Injectable()
export class GrantsRepository {
  constructor(@InjectModel(GrantRecord.name) private readonly grants: Model<GrantRecord>) {}

  /**
   * Upsert by `source`: the first call inserts the grant; any replay (verify again, webhook, reconciler) changes
   * nothing but filling in a payment id learned later. Answers the grant as stored.
   */
  async grantOnce(grant: NewGrant): Promise<StoredGrant> {
    const { paymentId = null, ...rest } = grant;
    // Two concurrent upserts of one source: the unique index refuses the second insert, which is then a replay.
    const result = await unlessDuplicate(
      this.grants
        .updateOne(
          { source: grant.source },
          { $setOnInsert: { ...rest, paymentId, revokedAt: null, revokeReason: null } },
          { upsert: true },
        )
        .exec(),
      null,
    );
    // A subscription cycle granted from its activation learns the paying charge from a later event.
    if ((!result || result.upsertedCount === 0) && paymentId) {
      await this.grants.updateOne({ source: grant.source, paymentId: null }, { $set: { paymentId } }).exec();
    }
    const stored = await this.findBySource(grant.source);
    // Inserted or found above; a grant is never deleted (a refund revokes it), so only a bug lands here.
    if (!stored) throw new Error(`grant ${grant.source} not found after its upsert`);
    return stored;
  }

  /**
   * Marks the grant revoked, once; answers it as stored (revoked by this call or an earlier one), null when no grant
   * has this source.
   */
  async revoke(source: string, reason: string, at: Date): Promise<StoredGrant | null> {
    await this.grants
      .updateOne(
        { source: { $eq: source }, revokedAt: null },
        { $set: { revokedAt: at, revokeReason: reason } },
      )
      .exec();
    return this.findBySource(source);
  }

  /** Purchases and rentals of one title by one user that are not revoked. */
  titleGrants(userId: string, movieId: string): Promise<StoredGrant[]> {
    return this.grants
      .find({
        userId: { $eq: userId },
        movieId: { $eq: movieId },
        kind: { $in: [GrantKind.Purchase, GrantKind.Rental] },
        revokedAt: null,
      })
      .lean<StoredGrant[]>()
      .exec();
  }

  /** `titleGrants` of every title at once: what the user's entitlement answers are decided from. */
  liveTitleGrantsOf(userId: string): Promise<StoredGrant[]> {
    return this.grants
      .find({
        userId: { $eq: userId },
        kind: { $in: [GrantKind.Purchase, GrantKind.Rental] },
        revokedAt: null,
      })
      .lean<StoredGrant[]>()
      .exec();
  }

  /** The live grants of one subscription's cycles. */
  liveOfSubscription(subscriptionId: string): Promise<StoredGrant[]> {
    return this.grants
      .find({ subscriptionId: { $eq: subscriptionId }, revokedAt: null })
      .lean<StoredGrant[]>()
      .exec();
  }

  /** Every purchase and rental of the user (My titles), newest first, revoked ones included. */
  ownedBy(userId: string): Promise<StoredGrant[]> {
    return this.grants
      .find({ userId: { $eq: userId }, kind: { $in: [GrantKind.Purchase, GrantKind.Rental] } })
      .sort({ grantedAt: -1, _id: -1 })
      .lean<StoredGrant[]>()
      .exec();
  }

  findBySource(source: string): Promise<StoredGrant | null> {
    return this.grants
      .findOne({ source: { $eq: source } })
      .lean<StoredGrant>()
      .exec();
  }

  bySources(sources: string[]): Promise<StoredGrant[]> {
    return this.grants
      .find({ source: { $in: sources } })
      .lean<StoredGrant[]>()
      .exec();
  }

  byPaymentIds(paymentIds: string[]): Promise<StoredGrant[]> {
    return this.grants
      .find({ paymentId: { $in: paymentIds } })
      .lean<StoredGrant[]>()
      .exec();
  }

  /** Live grants that name a payment (for the mismatch report: is that payment really captured?). */
  liveWithPayment(limit: number): Promise<StoredGrant[]> {
    return this.grants
      .find({ revokedAt: null, paymentId: { $type: 'string' } })
      .sort({ grantedAt: -1 })
      .limit(limit)
      .lean<StoredGrant[]>()
      .exec();
  }

  /** Live purchase/rental grants without any payment id: nothing paid for them. */
  liveTitleGrantsWithoutPayment(limit: number): Promise<StoredGrant[]> {
    return this.grants
      .find({ revokedAt: null, kind: { $in: [GrantKind.Purchase, GrantKind.Rental] }, paymentId: null })
      .limit(limit)
      .lean<StoredGrant[]>()
      .exec();
  }

  /**
   * The first play of a rental: sets its 48 hours only while `startedAt` is still null and the start window is
   * open. A conditional update, so of two concurrent first plays exactly one sets the clock.
   */
  async startRental(id: Types.ObjectId, window: { startedAt: Date; expiresAt: Date }): Promise<boolean> {
    const result = await this.grants
      .updateOne(
        { _id: id, 'rental.startedAt': null, 'rental.startBy': { $gt: window.startedAt }, revokedAt: null },
        { $set: { 'rental.startedAt': window.startedAt, 'rental.expiresAt': window.expiresAt } },
      )
      .exec();
    return result.modifiedCount === 1;
  }

  /** user.deleted: the grant stays (the mismatch report pairs it with its payment), its user id becomes `marker`. */
  async forgetPerson(userId: string, marker: string): Promise<void> {
    await this.grants.updateMany({ userId: { $eq: userId } }, { $set: { userId: marker } }).exec();
  }

  findById(id: Types.ObjectId): Promise<StoredGrant | null> {
    return this.grants.findById(id).lean<StoredGrant>().exec();
  }
}
