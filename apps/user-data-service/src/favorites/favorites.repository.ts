import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import type { FavoriteKind, TitleSnapshot } from '@app/contracts';
import { unlessDuplicate } from '@app/server-core';
import type { TitleWrite } from '../titles/titles.repository';
import { snapshotFields } from '../titles/titles.repository';
import { FavoriteRecord } from './favorite.schema';

export type StoredFavorite = FavoriteRecord & { _id: Types.ObjectId };

/** The only code that touches the favorites collection. */
@Injectable()
export class FavoritesRepository {
  constructor(@InjectModel(FavoriteRecord.name) private readonly favorites: Model<FavoriteRecord>) {}

  /** Inserts the favorite; null when the user already has this title (the unique index refused it). */
  async insert(
    userId: string,
    movieId: string,
    snapshot: TitleSnapshot,
    kind: FavoriteKind,
    addedAt: Date,
  ): Promise<StoredFavorite | null> {
    await this.favorites.init();
    const created = await unlessDuplicate(
      this.favorites.create({ userId, movieId, ...snapshot, kind, addedAt, snapshotAt: addedAt }),
      null,
    );
    return created ? created.toObject<StoredFavorite>() : null;
  }

  findOne(userId: string, movieId: string): Promise<StoredFavorite | null> {
    return this.favorites.findOne({ userId, movieId }).lean<StoredFavorite>().exec();
  }

  /** Returns whether a favorite was removed. */
  /** The favorite removed, or null when it was not one. */
  remove(userId: string, movieId: string): Promise<StoredFavorite | null> {
    return this.favorites.findOneAndDelete({ userId, movieId }).lean<StoredFavorite>().exec();
  }

  /** Newest first. */
  listOf(userId: string, limit: number): Promise<StoredFavorite[]> {
    return this.favorites
      .find({ userId })
      .sort({ addedAt: -1, _id: -1 })
      .limit(limit)
      .lean<StoredFavorite[]>()
      .exec();
  }

  /** Every favorite of the user, newest first (the data export). */
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

  /** Returns how many favorites were removed. */
  async removeOfUser(userId: string): Promise<number> {
    const { deletedCount } = await this.favorites.deleteMany({ userId }).exec();
    return deletedCount;
  }
}
