import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { AdminActionStatus } from '@app/contracts';
import type { UserRef } from '@app/contracts';
import { unlessDuplicate } from '@app/server-core';
import { AdminActionRecord } from './admin-action.schema';

export type StoredAdminAction = AdminActionRecord & { _id: Types.ObjectId };
export type NewAdminAction = Omit<
  AdminActionRecord,
  'status' | 'decidedById' | 'decidedByUsername' | 'decidedAt' | 'reason' | 'openFor'
>;
/** How a pending request ends by someone's hand. */
export type Decision = typeof AdminActionStatus.Confirmed | typeof AdminActionStatus.Cancelled;

/** The only code that touches the admin actions collection. */
@Injectable()
export class AdminActionsRepository {
  constructor(@InjectModel(AdminActionRecord.name) private readonly actions: Model<AdminActionRecord>) {}

  /** Null when the target already has a pending request (unique index on `openFor`). */
  async create(action: NewAdminAction): Promise<StoredAdminAction | null> {
    const created = await unlessDuplicate(
      this.actions.create({
        ...action,
        status: AdminActionStatus.Pending,
        decidedById: null,
        decidedByUsername: null,
        decidedAt: null,
        reason: null,
        openFor: action.targetId,
      }),
      null,
    );
    return created && created.toObject<StoredAdminAction>();
  }

  findById(id: string): Promise<StoredAdminAction | null> {
    if (!Types.ObjectId.isValid(id)) return Promise.resolve(null);
    return this.actions.findById(id).lean<StoredAdminAction>().exec();
  }

  findPendingFor(targetId: string): Promise<StoredAdminAction | null> {
    return this.actions
      .findOne({ openFor: { $eq: targetId } })
      .lean<StoredAdminAction>()
      .exec();
  }

  /** Open requests, newest first. */
  listPending(now: Date, limit: number): Promise<StoredAdminAction[]> {
    return this.actions
      .find({ status: AdminActionStatus.Pending, expiresAt: { $gt: now } })
      .sort({ requestedAt: -1, _id: -1 })
      .limit(limit)
      .lean<StoredAdminAction[]>()
      .exec();
  }

  /** Marks the target's requests that ran out as expired, which frees its one pending slot. */
  async closeExpired(targetId: string, now: Date): Promise<void> {
    await this.actions
      .updateMany(
        { targetId: { $eq: targetId }, status: AdminActionStatus.Pending, expiresAt: { $lte: now } },
        { $set: { status: AdminActionStatus.Expired }, $unset: { openFor: '' } },
      )
      .exec();
  }

  /**
   * Ends a request that is still pending and unexpired, once: of two admins deciding at once, one gets it, the
   * other null. `notRequestedBy`: only if someone else asked for it (a confirmation).
   */
  decide(
    id: string,
    decision: Decision,
    by: UserRef,
    now: Date,
    notRequestedBy?: string,
  ): Promise<StoredAdminAction | null> {
    return this.actions
      .findOneAndUpdate(
        {
          _id: id,
          status: AdminActionStatus.Pending,
          expiresAt: { $gt: now },
          ...(notRequestedBy === undefined ? {} : { requestedById: { $ne: notRequestedBy } }),
        },
        {
          $set: { status: decision, decidedById: by.id, decidedByUsername: by.username, decidedAt: now },
          $unset: { openFor: '' },
        },
        { returnDocument: 'after' },
      )
      .lean<StoredAdminAction>()
      .exec();
  }

  /** A confirmed request whose change was refused when it ran. */
  markRefused(id: string, reason: string): Promise<StoredAdminAction | null> {
    return this.actions
      .findOneAndUpdate(
        { _id: id, status: AdminActionStatus.Confirmed },
        { $set: { status: AdminActionStatus.Refused, reason } },
        { returnDocument: 'after' },
      )
      .lean<StoredAdminAction>()
      .exec();
  }
}
