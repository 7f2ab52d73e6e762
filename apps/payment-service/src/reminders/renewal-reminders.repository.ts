import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';
import { unlessDuplicate } from '@app/server-core';
import { RenewalReminderRecord } from './renewal-reminder.schema';

export type ReminderClaim = Omit<RenewalReminderRecord, 'claimedAt' | 'sentAt'>;

/** The only code that touches the renewalReminders collection. */
@Injectable()
export class RenewalRemindersRepository {
  constructor(
    @InjectModel(RenewalReminderRecord.name) private readonly reminders: Model<RenewalReminderRecord>,
  ) {}

  /**
   * Claims the cycle's reminder: the first insert of its key wins; a claim left unsent since before `staleBefore`
   * (its process died) is taken over by a conditional update. Answers whether this caller may send.
   */
  async claim(reminder: ReminderClaim, now: Date, staleBefore: Date): Promise<boolean> {
    const inserted = await unlessDuplicate(
      this.reminders.create({ ...reminder, claimedAt: now, sentAt: null }).then(() => true),
      false,
    );
    if (inserted) return true;
    const { modifiedCount } = await this.reminders
      .updateOne(
        { key: { $eq: reminder.key }, sentAt: null, claimedAt: { $lt: staleBefore } },
        { $set: { claimedAt: now } },
      )
      .exec();
    return modifiedCount === 1;
  }

  async markSent(key: string, at: Date): Promise<void> {
    await this.reminders.updateOne({ key: { $eq: key } }, { $set: { sentAt: at } }).exec();
  }

  /** A claim whose mail failed: free at once for the next run. */
  async release(key: string): Promise<void> {
    await this.reminders.deleteOne({ key: { $eq: key }, sentAt: null }).exec();
  }

  ofSubscription(subscriptionId: string): Promise<RenewalReminderRecord[]> {
    return this.reminders
      .find({ subscriptionId: { $eq: subscriptionId } })
      .lean<RenewalReminderRecord[]>()
      .exec();
  }
}
