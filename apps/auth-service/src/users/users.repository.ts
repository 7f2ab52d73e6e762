import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { Role, UserStatus } from '@app/contracts';
import { unlessDuplicate } from '@app/server-core';
import { UserRecord } from './user.schema';

export type StoredUser = UserRecord & { _id: Types.ObjectId };
export type NewUser = Pick<UserRecord, 'username' | 'email' | 'passwordHash' | 'role'> &
  Partial<Pick<UserRecord, 'googleId' | 'profileImage' | 'emailVerified' | 'language'>> & {
    /** Chosen before the write when its event is stored first (the outbox). */
    _id?: Types.ObjectId;
  };
export type UserChanges = Partial<
  Pick<UserRecord, 'username' | 'email' | 'status' | 'role' | 'emailVerified' | 'language'>
>;

/** `set`, and every session of the user ends: tokens carry the version they were issued under. */
const endingEverySession = (set: Record<string, unknown> = {}) => ({
  $set: { ...set, sessionsEndedAt: new Date() },
  $inc: { tokenVersion: 1 },
});

/** The only code that touches the users collection. */
@Injectable()
export class UsersRepository {
  constructor(@InjectModel(UserRecord.name) private readonly users: Model<UserRecord>) {}

  findById(id: string): Promise<StoredUser | null> {
    if (!Types.ObjectId.isValid(id)) return Promise.resolve(null);
    return this.users.findById(id).lean<StoredUser>().exec();
  }

  findByEmail(email: string): Promise<StoredUser | null> {
    return this.users
      .findOne({ email: { $eq: email } })
      .lean<StoredUser>()
      .exec();
  }

  findByGoogleId(googleId: string): Promise<StoredUser | null> {
    return this.users
      .findOne({ googleId: { $eq: googleId } })
      .lean<StoredUser>()
      .exec();
  }

  /** Null when the email (or Google account) is already taken (unique index). */
  async create(user: NewUser): Promise<StoredUser | null> {
    const created = await unlessDuplicate(
      this.users.create({ emailVerified: false, ...user, status: UserStatus.Active, tokenVersion: 0 }),
      null,
    );
    return created && created.toObject<StoredUser>();
  }

  /** Inserts the user unless the email exists; returns whether it was inserted (idempotent seeding). */
  async insertIfAbsent(user: NewUser): Promise<boolean> {
    const result = await this.users
      .updateOne(
        { email: { $eq: user.email } },
        {
          $setOnInsert: {
            emailVerified: false,
            ...user,
            status: UserStatus.Active,
            tokenVersion: 0,
            createdAt: new Date(),
          },
        },
        { upsert: true },
      )
      .exec();
    return result.upsertedCount > 0;
  }

  /** One page, newest first; `_id` breaks ties so pages never overlap or skip. */
  async page(skip: number, limit: number): Promise<{ items: StoredUser[]; total: number }> {
    const [items, total] = await Promise.all([
      this.users.find().sort({ createdAt: -1, _id: -1 }).skip(skip).limit(limit).lean<StoredUser[]>().exec(),
      this.users.countDocuments().exec(),
    ]);
    return { items, total };
  }

  /** Null when there is no such user; false when the new email is already taken (unique index). */
  update(id: string, changes: UserChanges): Promise<StoredUser | null | false> {
    return unlessDuplicate(
      this.users
        .findByIdAndUpdate(id, { $set: changes }, { returnDocument: 'after' })
        .lean<StoredUser>()
        .exec(),
      false,
    );
  }

  /**
   * As `update`, but only while the user is (`activeAdmin`) or is not an active admin: null when that no longer
   * holds (or the user is gone), so a rule decided on what was read cannot land on what changed since.
   */
  updateWhile(id: string, activeAdmin: boolean, changes: UserChanges): Promise<StoredUser | null | false> {
    const standing = activeAdmin
      ? { role: Role.Admin, status: UserStatus.Active }
      : { $or: [{ role: { $ne: Role.Admin } }, { status: { $ne: UserStatus.Active } }] };
    return unlessDuplicate(
      this.users
        .findOneAndUpdate({ _id: id, ...standing }, { $set: changes }, { returnDocument: 'after' })
        .lean<StoredUser>()
        .exec(),
      false,
    );
  }

  /**
   * Takes back a change that left no active admin: `previous` is what the changed fields held, and it applies only
   * while the user still has the role and status that change wrote (nothing newer is overwritten).
   */
  async undo(id: string, written: Pick<UserRecord, 'role' | 'status'>, previous: UserChanges): Promise<void> {
    await this.users
      .updateOne({ _id: id, role: written.role, status: written.status }, { $set: previous })
      .exec();
  }

  /** Every session of the user ends (tokens carry the version they were issued under). */
  async endSessions(id: string): Promise<void> {
    await this.users.updateOne({ _id: id }, endingEverySession()).exec();
  }

  /** New hash and a bumped token version: every other session of the user ends. */
  setPassword(id: string, passwordHash: string, endSessions: boolean): Promise<StoredUser | null> {
    const update = endSessions ? endingEverySession({ passwordHash }) : { $set: { passwordHash } };
    return this.users.findByIdAndUpdate(id, update, { returnDocument: 'after' }).lean<StoredUser>().exec();
  }

  /** Sets the password only if none is set yet (race-free "set password after Google sign-in"). */
  setFirstPassword(id: string, passwordHash: string): Promise<StoredUser | null> {
    return this.users
      .findOneAndUpdate(
        { _id: id, passwordHash: null },
        { $set: { passwordHash } },
        { returnDocument: 'after' },
      )
      .lean<StoredUser>()
      .exec();
  }

  /** Links a Google account; takes its picture only when the user has none. */
  async linkGoogle(id: string, googleId: string, profileImage: string | null): Promise<StoredUser | null> {
    if (profileImage)
      await this.users.updateOne({ _id: id, profileImage: null }, { $set: { profileImage } }).exec();
    return this.users
      .findByIdAndUpdate(id, { $set: { googleId } }, { returnDocument: 'after' })
      .lean<StoredUser>()
      .exec();
  }

  /**
   * Google sign-in links an account that never proved it owns its email (DECISIONS 33): Google just proved who does,
   * so the account becomes theirs. Whatever its first registrant set goes: the password, and every session (token
   * version). Null when the account is verified (or gone): then it is linked as it is. One conditional update, so a
   * verification racing it cannot leave a verified account without its password or the other way round.
   */
  claimUnverifiedForGoogle(id: string, googleId: string): Promise<StoredUser | null> {
    return this.users
      .findOneAndUpdate(
        { _id: id, emailVerified: { $ne: true } },
        endingEverySession({ googleId, emailVerified: true, passwordHash: null }),
        { returnDocument: 'after' },
      )
      .lean<StoredUser>()
      .exec();
  }

  /** Marks the email verified, if the account still has this email (it may have changed since the link was mailed). */
  markEmailVerified(id: string, email: string): Promise<StoredUser | null> {
    if (!Types.ObjectId.isValid(id)) return Promise.resolve(null);
    return this.users
      .findOneAndUpdate(
        { _id: id, email: { $eq: email } },
        { $set: { emailVerified: true } },
        { returnDocument: 'after' },
      )
      .lean<StoredUser>()
      .exec();
  }

  /**
   * Adds `fingerprint` to the account's known devices, keeping the newest `limit`, in one conditional write: 'new'
   * when it was not among them, 'first' when the account knew none (its first sign-in), 'known' otherwise (or
   * when the account is gone).
   */
  async rememberDevice(id: string, fingerprint: string, limit: number): Promise<'new' | 'first' | 'known'> {
    const before = await this.users
      .findOneAndUpdate(
        { _id: id, knownDevices: { $ne: fingerprint } },
        { $push: { knownDevices: { $each: [fingerprint], $slice: -limit } } },
        { returnDocument: 'before', projection: { knownDevices: 1 } },
      )
      .lean<Pick<StoredUser, 'knownDevices'>>()
      .exec();
    if (!before) return 'known';
    return before.knownDevices?.length ? 'new' : 'first';
  }

  async remove(id: string): Promise<boolean> {
    const result = await this.users.deleteOne({ _id: id }).exec();
    return result.deletedCount > 0;
  }

  countAdmins(): Promise<number> {
    return this.users.countDocuments({ role: Role.Admin }).exec();
  }

  /** Admins who can act: not suspended, not banned (DECISIONS 34 keeps at least one). */
  countActiveAdmins(): Promise<number> {
    return this.users.countDocuments({ role: Role.Admin, status: UserStatus.Active }).exec();
  }
}
