import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import type { ViewerSettings } from '@app/contracts';
import { unlessDuplicate } from '@app/server-core';
import { SettingsRecord } from './settings.schema';

export type StoredSettings = SettingsRecord & { _id: Types.ObjectId };

/** The only code that touches the settings collection. */
@Injectable()
export class SettingsRepository {
  constructor(@InjectModel(SettingsRecord.name) private readonly settings: Model<SettingsRecord>) {}

  findOf(userId: string): Promise<StoredSettings | null> {
    return this.settings.findOne({ userId }).lean<StoredSettings>().exec();
  }

  /** One record per user: replaces what is stored and answers it. */
  async save(userId: string, { notifications, playback }: ViewerSettings): Promise<StoredSettings> {
    const write = (upsert: boolean) =>
      this.settings
        .findOneAndUpdate(
          { userId },
          { $set: { notifications, playback } },
          { upsert, returnDocument: 'after' },
        )
        .lean<StoredSettings>()
        .exec();
    await this.settings.init();
    // A concurrent first save inserted it between our filter and our insert: it exists now, so update it.
    const saved = (await unlessDuplicate(write(true), null)) ?? (await write(false));
    if (!saved) throw new Error(`settings of ${userId} vanished while being saved`);
    return saved;
  }

  /** Returns how many records were removed (0 or 1). */
  async removeOfUser(userId: string): Promise<number> {
    const { deletedCount } = await this.settings.deleteMany({ userId }).exec();
    return deletedCount;
  }
}
