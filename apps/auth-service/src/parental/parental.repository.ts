import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import type { Classification } from '@app/contracts';
import { UserRecord } from '../users/user.schema';
import type { StoredUser } from '../users/users.repository';

/** The only code that writes an account's parental controls (they live in its user document). */
@Injectable()
export class ParentalRepository {
  constructor(@InjectModel(UserRecord.name) private readonly users: Model<UserRecord>) {}

  findAccount(accountId: string): Promise<StoredUser | null> {
    if (!Types.ObjectId.isValid(accountId)) return Promise.resolve(null);
    return this.users.findById(accountId).lean<StoredUser>().exec();
  }

  /** Sets what is given (a new PIN's hash, the class it guards from); the rest stays. */
  async update(
    accountId: string,
    changes: { parentalPinHash?: string; parentalPinFrom?: Classification },
  ): Promise<StoredUser | null> {
    return this.users
      .findByIdAndUpdate(accountId, { $set: changes }, { returnDocument: 'after' })
      .lean<StoredUser>()
      .exec();
  }

  /** Stores the date of birth only if none was declared before (asked once; a second declaration changes nothing). */
  async declareDateOfBirth(accountId: string, dateOfBirth: string): Promise<StoredUser | null> {
    await this.users
      .updateOne({ _id: accountId, dateOfBirth: { $exists: false } }, { $set: { dateOfBirth } })
      .exec();
    return this.findAccount(accountId);
  }
}
