import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model, Types } from 'mongoose';
import type { ViewerKey } from '@app/server-core';
import { ReminderRecord } from './reminder.schema';

export type StoredReminder = ReminderRecord & { _id: Types.ObjectId };
export type NewReminder = Omit<ReminderRecord, 'sentAt'>;

/** The only code that touches the reminders collection. */
@Injectable()
export class RemindersRepository {
  constructor(@InjectModel(ReminderRecord.name) private readonly reminders: Model<ReminderRecord>) {}

  /** Idempotent by (profile, title): a second ask refreshes the address and language, and asks again if sent. */
  async upsert(reminder: NewReminder): Promise<void> {
    const { userId, profileId, titleId, ...fields } = reminder;
    await this.reminders
      .updateOne(
        { userId: { $eq: userId }, profileId: { $eq: profileId }, titleId: { $eq: titleId } },
        { $set: { ...fields, sentAt: null }, $setOnInsert: { userId, profileId, titleId } },
        { upsert: true },
      )
      .exec();
  }

  async remove({ userId, profileId }: ViewerKey, titleId: string): Promise<void> {
    await this.reminders
      .deleteOne({ userId: { $eq: userId }, profileId: { $eq: profileId }, titleId: { $eq: titleId } })
      .exec();
  }

  /** The titles this profile waits for (not yet mailed), oldest ask first. */
  async pendingTitlesOf({ userId, profileId }: ViewerKey): Promise<string[]> {
    const found = await this.reminders
      .find({ userId: { $eq: userId }, profileId: { $eq: profileId }, sentAt: null }, { titleId: 1 })
      .sort({ createdAt: 1 })
      .lean<Array<Pick<StoredReminder, 'titleId'>>>()
      .exec();
    return found.map(({ titleId }) => titleId);
  }

  /** Every reminder of a title still to mail. */
  pendingFor(titleId: string): Promise<StoredReminder[]> {
    return this.reminders
      .find({ titleId: { $eq: titleId }, sentAt: null })
      .lean<StoredReminder[]>()
      .exec();
  }

  /** Claims one reminder's mail (conditional: once, whoever asks first); false when it was claimed already. */
  async claim(id: Types.ObjectId, at: Date): Promise<boolean> {
    const { modifiedCount } = await this.reminders
      .updateOne({ _id: id, sentAt: null }, { $set: { sentAt: at } })
      .exec();
    return modifiedCount === 1;
  }

  /** Gives a claim back (its mail could not be sent): the next delivery of the event tries again. */
  async release(id: Types.ObjectId): Promise<void> {
    await this.reminders.updateOne({ _id: id }, { $set: { sentAt: null } }).exec();
  }

  /** Every reminder of the account, any profile, oldest ask first (the data export). */
  ofUser(userId: string): Promise<Array<StoredReminder & { createdAt: Date }>> {
    return this.reminders
      .find({ userId: { $eq: userId } })
      .sort({ createdAt: 1, _id: 1 })
      .lean<Array<StoredReminder & { createdAt: Date }>>()
      .exec();
  }

  /** The account's address changed: its reminders not yet mailed go to the new one. */
  async updateEmail(userId: string, email: string): Promise<void> {
    await this.reminders.updateMany({ userId: { $eq: userId }, sentAt: null }, { $set: { email } }).exec();
  }

  async forgetUser(userId: string): Promise<number> {
    const { deletedCount } = await this.reminders.deleteMany({ userId: { $eq: userId } }).exec();
    return deletedCount;
  }

  async forgetProfile({ userId, profileId }: ViewerKey): Promise<number> {
    const { deletedCount } = await this.reminders
      .deleteMany({ userId: { $eq: userId }, profileId: { $eq: profileId } })
      .exec();
    return deletedCount;
  }
}
