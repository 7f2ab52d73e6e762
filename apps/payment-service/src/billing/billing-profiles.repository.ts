import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';
import type { GstStateCode } from '@app/contracts';
import { unlessDuplicate } from '@app/server-core';
import { BillingProfileRecord } from './billing-profile.schema';

/** The only code that touches the billingProfiles collection. */
@Injectable()
export class BillingProfilesRepository {
  constructor(
    @InjectModel(BillingProfileRecord.name) private readonly profiles: Model<BillingProfileRecord>,
  ) {}

  find(userId: string): Promise<BillingProfileRecord | null> {
    return this.profiles
      .findOne({ userId: { $eq: userId } })
      .lean<BillingProfileRecord>()
      .exec();
  }

  /** One per account: two saves racing each other both land on it (the loser of the insert updates). */
  async save(userId: string, state: GstStateCode, gstin: string | null): Promise<BillingProfileRecord> {
    const write = () =>
      this.profiles
        .findOneAndUpdate(
          { userId: { $eq: userId } },
          { $set: { state, gstin } },
          { upsert: true, returnDocument: 'after' },
        )
        .lean<BillingProfileRecord>()
        .exec();
    return (await unlessDuplicate(write(), null)) ?? (await write()) ?? { userId, state, gstin };
  }

  /** user.deleted: the details go (issued invoices keep what they stated). */
  async forget(userId: string): Promise<void> {
    await this.profiles.deleteOne({ userId: { $eq: userId } }).exec();
  }
}
