import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { UserRecord } from '../users/user.schema';
import type { StoredUser } from '../users/users.repository';
import type { StoredProfile } from './household';

/** The only code that writes an account's profiles (they live in its user document). */
@Injectable()
export class ProfilesRepository {
  constructor(@InjectModel(UserRecord.name) private readonly users: Model<UserRecord>) {}

  findAccount(accountId: string): Promise<StoredUser | null> {
    if (!Types.ObjectId.isValid(accountId)) return Promise.resolve(null);
    return this.users.findById(accountId).lean<StoredUser>().exec();
  }

  /**
   * Stores the default profile of an account that has none stored yet (the migration, on first use). Idempotent:
   * only an account without `profiles` is written, so a second run, or a race with another replica, changes nothing.
   */
  async storeDefault(accountId: Types.ObjectId, profile: StoredProfile): Promise<void> {
    await this.users
      .updateOne(
        { _id: accountId, profiles: { $exists: false } },
        { $set: { profiles: [profile], profilesVersion: 0 } },
      )
      .exec();
  }

  /** Replaces the profiles only while they are still at `version` (what the rules were checked on): false if not. */
  async replace(accountId: Types.ObjectId, version: number, profiles: StoredProfile[]): Promise<boolean> {
    const result = await this.users
      .updateOne(
        { _id: accountId, profilesVersion: version },
        { $set: { profiles }, $inc: { profilesVersion: 1 } },
      )
      .exec();
    return result.modifiedCount > 0;
  }
}
