import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import type { FavoriteKind, TitleSnapshot } from '@app/contracts';
import type { ViewerKey } from '@app/server-core';
import { moveToDefaultProfile, unlessDuplicate } from '@app/server-core';

import type { TitleWrite } from '../titles/titles.repository';
import { snapshotFields } from '../titles/titles.repository';
import { FAVORITE_INDEXES_BEFORE_PROFILES, FavoriteRecord } from './favorite.schema';

export type StoredFavorite = FavoriteRecord & { _id: Types.ObjectId };

/** The only code that touches the favorites collection. */
@Injectable()
export class FavoritesRepository {
  constructor(@InjectModel(FavoriteRecord.name) private readonly favorites: Model<FavoriteRecord>) {}

  /** Inserts the favorite; null when the profile already has this title (the unique index refused it). */
  async insert(
    { userId, profileId }: ViewerKey,
    movieId: string,
    snapshot: TitleSnapshot,
    kind: FavoriteKind,
    addedAt: Date,
  ): Promise<StoredFavorite | null> {
    await this.favorites.init();
    const created = await unlessDuplicate(
      this.favorites.create({ userId, profileId, movieId, ...snapshot, kind, addedAt, snapshotAt: addedAt }),
      null,
    );
    return created ? created.toObject<StoredFavorite>() : null;
  }

  findOne({ userId, profileId }: ViewerKey, movieId: string): Promise<StoredFavorite | null> {
    return this.favorites.findOne({ userId, profileId, movieId }).lean<StoredFavorite>().exec();
  }

  /** The favorite removed, or null when it was not one. */
  remove({ userId, profileId }: ViewerKey, movieId: string): Promise<StoredFavorite | null> {
    return this.favorites.findOneAndDelete({ userId, profileId, movieId }).lean<StoredFavorite>().exec();
  }

  /** The ids of every title on the profile's list. */
  async movieIdsOf({ userId, profileId }: ViewerKey): Promise<string[]> {
    const rows = await this.favorites
      .find({ userId, profileId }, { _id: 0, movieId: 1 })
      .lean<Array<Pick<FavoriteRecord, 'movieId'>>>()
      .exec();
    return rows.map((row) => row.movieId);
  }

  /** Newest first; only the titles in `among` when given (those the profile's ceiling admits). */
  listOf(
    { userId, profileId }: ViewerKey,
    limit: number,
    among: Set<string> | null,
  ): Promise<StoredFavorite[]> {
    return this.favorites
      .find({ userId, profileId, ...(among ? { movieId: { $in: [...among] } } : {}) })
      .sort({ addedAt: -1, _id: -1 })
      .limit(limit)
      .lean<StoredFavorite[]>()
      .exec();
  }

  /** Every favorite of the account, of all its profiles, newest first (the data export). */
  allOf(userId: string): Promise<StoredFavorite[]> {
    return this.favorites.find({ userId }).sort({ addedAt: -1, _id: -1 }).lean<StoredFavorite[]>().exec();
  }

  /** Refreshes every copy of the title whose snapshot is older than `at`. */
  async refreshSnapshot(snapshot: TitleWrite, at: Date): Promise<void> {
    await this.favorites
      .updateMany(
        { movieId: snapshot.movieId, snapshotAt: { $lte: at } },
        { $set: { ...snapshotFields(snapshot), snapshotAt: at } },
      )
      .exec();
  }

  /** Removes the title from every list; returns how many favorites went. */
  async removeTitle(movieId: string): Promise<number> {
    const { deletedCount } = await this.favorites.deleteMany({ movieId }).exec();
    return deletedCount;
  }

  /** Every profile's favorites of the account; returns how many were removed. */
  async removeOfUser(userId: string): Promise<number> {
    const { deletedCount } = await this.favorites.deleteMany({ userId }).exec();
    return deletedCount;
  }

  /** One profile's favorites; returns how many were removed. */
  async removeOfProfile({ userId, profileId }: ViewerKey): Promise<number> {
    const { deletedCount } = await this.favorites.deleteMany({ userId, profileId }).exec();
    return deletedCount;
  }

  /** The profiles migration (default-profile.ts). */
  moveToDefaultProfile(): Promise<number> {
    return moveToDefaultProfile(this.favorites, FAVORITE_INDEXES_BEFORE_PROFILES);
  }
}
