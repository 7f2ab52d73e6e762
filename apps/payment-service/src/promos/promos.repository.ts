import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import type { PromoStatus } from '@app/contracts';
import { conditionalUpsert, unlessDuplicate } from '@app/server-core';
import { PromoClaimRecord, PromoRecord } from './promo.schema';

export type StoredPromo = PromoRecord & { createdAt: Date };
export type NewPromo = Omit<PromoRecord, '_id' | 'status' | 'claimed' | 'redeemed' | 'createdAt'>;

/** The only code that touches the promos and promoClaims collections. */
@Injectable()
export class PromosRepository {
  constructor(
    @InjectModel(PromoRecord.name) private readonly promos: Model<PromoRecord>,
    @InjectModel(PromoClaimRecord.name) private readonly claims: Model<PromoClaimRecord>,
  ) {}

  /** Null when the code exists already. */
  async create(promo: NewPromo): Promise<StoredPromo | null> {
    const created = await unlessDuplicate(
      this.promos.create({ ...promo, status: 'active', claimed: 0, redeemed: 0 }),
      null,
    );
    return created && created.toObject<StoredPromo>();
  }

  findByCode(code: string): Promise<StoredPromo | null> {
    return this.promos
      .findOne({ code: { $eq: code } })
      .lean<StoredPromo>()
      .exec();
  }

  findById(id: string): Promise<StoredPromo | null> {
    if (!Types.ObjectId.isValid(id)) return Promise.resolve(null);
    return this.promos.findById(id).lean<StoredPromo>().exec();
  }

  async page(skip: number, limit: number): Promise<{ items: StoredPromo[]; total: number }> {
    const [items, total] = await Promise.all([
      this.promos
        .find()
        .sort({ createdAt: -1, _id: -1 })
        .skip(skip)
        .limit(limit)
        .lean<StoredPromo[]>()
        .exec(),
      this.promos.countDocuments().exec(),
    ]);
    return { items, total };
  }

  setStatus(id: string, status: PromoStatus): Promise<StoredPromo | null> {
    return this.promos
      .findByIdAndUpdate(id, { $set: { status } }, { returnDocument: 'after' })
      .lean<StoredPromo>()
      .exec();
  }

  /**
   * One more order of this account holds the code, unless it already holds `limit`: a conditional `$inc` on the
   * unique (promo, user) pair, so parallel orders of one account never pass the limit together.
   */
  claimForAccount(promoId: string, userId: string, limit: number): Promise<boolean> {
    return conditionalUpsert(
      this.claims,
      { promoId: { $eq: promoId }, userId: { $eq: userId }, claimed: { $lt: limit } },
      { $inc: { claimed: 1 } },
    );
  }

  /** One more order holds the code, unless `limit` (null: none) orders do already. */
  async claimTotal(promoId: string, limit: number | null): Promise<boolean> {
    const _id = new Types.ObjectId(promoId);
    const filter = limit === null ? { _id } : { _id, claimed: { $lt: limit } };
    const { modifiedCount } = await this.promos.updateOne(filter, { $inc: { claimed: 1 } }).exec();
    return modifiedCount === 1;
  }

  /** Gives back one account claim (an order that never took the code, or was replaced unpaid). */
  async releaseForAccount(promoId: string, userId: string): Promise<void> {
    await this.claims
      .updateOne(
        { promoId: { $eq: promoId }, userId: { $eq: userId }, claimed: { $gt: 0 } },
        { $inc: { claimed: -1 } },
      )
      .exec();
  }

  async releaseTotal(promoId: string): Promise<void> {
    await this.promos
      .updateOne({ _id: new Types.ObjectId(promoId), claimed: { $gt: 0 } }, { $inc: { claimed: -1 } })
      .exec();
  }

  /**
   * Counts one paid order. Called only by the one writer that moved the order's promo state to redeemed; an order
   * whose claim was given back (replaced unpaid, then paid anyway) takes its claim again, past the limit if need be:
   * the viewer paid the price they were shown.
   */
  async countRedeemed(promoId: string, { reclaim }: { reclaim: boolean }): Promise<void> {
    await this.promos
      .updateOne(
        { _id: new Types.ObjectId(promoId) },
        { $inc: reclaim ? { redeemed: 1, claimed: 1 } : { redeemed: 1 } },
      )
      .exec();
  }

  async reclaimForAccount(promoId: string, userId: string): Promise<void> {
    await this.claims
      .updateOne(
        { promoId: { $eq: promoId }, userId: { $eq: userId } },
        { $inc: { claimed: 1 } },
        { upsert: true },
      )
      .exec();
  }

  /**
   * user.deleted (DECISIONS 32): the account's claims keep counting against each code's per-account limit and
   * its redemption list, under `marker` instead of the user id. Idempotent.
   */
  async forgetPerson(userId: string, marker: string): Promise<void> {
    await this.claims.updateMany({ userId: { $eq: userId } }, { $set: { userId: marker } }).exec();
  }
}
