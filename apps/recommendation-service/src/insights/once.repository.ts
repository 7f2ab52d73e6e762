import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';
import { unlessDuplicate } from '@app/server-core';
import { InsightsModels, type OnceDoc } from './insights.schemas';

/**
 * Natural keys of increments made (`insights_once`): `once(key)` is true for the first caller only, so a redelivered
 * or duplicated event increments nothing. Without transactions the key is stored before its increment: a process
 * that dies between the two loses that one increment (never doubles it).
 */
@Injectable()
export class OnceRepository {
  constructor(@InjectModel(InsightsModels.once) private readonly keys: Model<OnceDoc>) {}

  /** Drops the keys naming an account (its viewer days and favourites, DPDP): their increments stay, anonymous. */
  async forgetAccount(userId: string): Promise<void> {
    await this.keys.deleteMany({ _id: new RegExp(`\\|${userId.replace(/[^a-zA-Z0-9_-]/g, '')}:`) }).exec();
  }

  async once(key: string): Promise<boolean> {
    await this.keys.init();
    return unlessDuplicate(
      this.keys.create({ _id: key }).then(() => true),
      false,
    );
  }
}
