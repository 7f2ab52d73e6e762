import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import type { ViewerSettings } from '@app/contracts';
import type { ViewerKey } from '@app/server-core';
import { moveToDefaultProfile, unlessDuplicate } from '@app/server-core';

import { SETTINGS_INDEXES_BEFORE_PROFILES, SettingsRecord } from './settings.schema';

export type StoredSettings = SettingsRecord & { _id: Types.ObjectId };

/** The only code that touches the settings collection. */
@Injectable()
export class SettingsRepository {
  constructor(@InjectModel(SettingsRecord.name) private readonly settings: Model<SettingsRecord>) {}

  findOf({ userId, profileId }: ViewerKey): Promise<StoredSettings | null> {
    return this.settings.findOne({ userId, profileId }).lean<StoredSettings>().exec();
  }

  /** One record per profile: replaces what is stored and answers it. */
  async save(viewer: ViewerKey, { notifications, playback }: ViewerSettings): Promise<StoredSettings> {
    const { userId, profileId } = viewer;
    const write = (upsert: boolean) =>
      this.settings
        .findOneAndUpdate(
          { userId, profileId },
          { $set: { notifications, playback } },
          { upsert, returnDocument: 'after' },
        )
        .lean<StoredSettings>()
        .exec();
    await this.settings.init();
    // A concurrent first save inserted it between our filter and our insert: it exists now, so update it.
    const saved = (await unlessDuplicate(write(true), null)) ?? (await write(false));
    if (!saved) throw new Error(`settings of ${userId}/${profileId} vanished while being saved`);
    return saved;
  }

  /** Every profile's settings of the account; returns how many records were removed. */
  async removeOfUser(userId: string): Promise<number> {
    const { deletedCount } = await this.settings.deleteMany({ userId }).exec();
    return deletedCount;
  }

  /** One profile's settings; returns how many records were removed (0 or 1). */
  async removeOfProfile({ userId, profileId }: ViewerKey): Promise<number> {
    const { deletedCount } = await this.settings.deleteMany({ userId, profileId }).exec();
    return deletedCount;
  }

  /** The profiles migration (default-profile.ts). */
  moveToDefaultProfile(): Promise<number> {
    return moveToDefaultProfile(this.settings, SETTINGS_INDEXES_BEFORE_PROFILES);
  }
}
