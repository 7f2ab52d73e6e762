import { Injectable } from '@nestjs/common';
import type { Favorite, FavoriteKind, TitleSnapshot } from '@app/contracts';
import { ErrorCode, ViewerDataMessages } from '@app/contracts';
import { AppError, EventBus } from '@app/server-core';
import { toFavorite } from './favorite.mapper';
import { FavoritesRepository } from './favorites.repository';

/** The most favorites a list answers (newest first). */
export const FAVORITES_LIST_LIMIT = 500;

/** Favorites (= My List, DECISIONS 29): idempotent add and remove, each announced once. */
@Injectable()
export class FavoritesService {
  constructor(
    private readonly favorites: FavoritesRepository,
    private readonly events: EventBus,
  ) {}

  async list(userId: string): Promise<Favorite[]> {
    const records = await this.favorites.listOf(userId, FAVORITES_LIST_LIMIT);
    return records.map(toFavorite);
  }

  /** Every favorite, uncapped: "Download my data". */
  async exportOf(userId: string): Promise<Favorite[]> {
    const records = await this.favorites.allOf(userId);
    return records.map(toFavorite);
  }

  /** A second add answers the favorite already there and announces nothing. */
  async add(
    userId: string,
    movieId: string,
    snapshot: TitleSnapshot,
    kind: FavoriteKind = 'movie',
    now: Date = new Date(),
  ): Promise<Favorite> {
    const inserted = await this.favorites.insert(userId, movieId, snapshot, kind, now);
    if (inserted) {
      await this.events.publish('favorite.added', {
        userId,
        movieId,
        addedAt: inserted.addedAt.toISOString(),
      });
      return toFavorite(inserted);
    }
    const existing = await this.favorites.findOne(userId, movieId);
    // Refused as a duplicate, then removed before we read it: a concurrent remove won; the client may retry.
    if (!existing) throw new AppError(ErrorCode.Conflict, ViewerDataMessages.addFavoriteFailed);
    return toFavorite(existing);
  }

  /** `removed: false` when it was not a favorite; only a real removal is announced. */
  async remove(userId: string, movieId: string): Promise<{ removed: boolean }> {
    const removed = await this.favorites.remove(userId, movieId);
    if (removed) await this.events.publish('favorite.removed', { userId, movieId });
    return { removed };
  }

  forgetUser(userId: string): Promise<number> {
    return this.favorites.removeOfUser(userId);
  }
}
