import { Injectable } from '@nestjs/common';
import type { Favorite, FavoriteKind, TitleSnapshot } from '@app/contracts';
import { AuditAction, ErrorCode, UserDataMessages } from '@app/contracts';
import { AppError, AuditTrail, DeletedUsers, EventBus } from '@app/server-core';
import { accountGone } from '../data-rights/account-gone';
import { toFavorite } from './favorite.mapper';
import { FavoritesRepository } from './favorites.repository';

/** The most favorites a list answers (newest first). */
export const FAVORITES_LIST_LIMIT = 500;

/**
 * Favorites (= My List, DECISIONS 29): idempotent add and remove, announced, and audited when an admin made them
 * (issue 22, finding 6).
 */
@Injectable()
export class FavoritesService {
  constructor(
    private readonly favorites: FavoritesRepository,
    private readonly events: EventBus,
    private readonly deletedUsers: DeletedUsers,
    private readonly audit: AuditTrail,
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

  /**
   * A second add answers the favorite already there and announces it again, dated when it was added: the first
   * add's publish may have failed after its write (EventBus's policy), and the recommender orders favorites by event
   * time, so a repeat is no news. An add for a deleted account (a request its gateway admitted from a cached
   * session) is undone and refused: checked after the write, so a deletion handled meanwhile either erases it or is
   * seen here (its tombstone is set before its erasure runs).
   */
  async add(
    userId: string,
    movieId: string,
    snapshot: TitleSnapshot,
    kind: FavoriteKind = 'movie',
    now: Date = new Date(),
  ): Promise<Favorite> {
    const inserted = await this.favorites.insert(userId, movieId, snapshot, kind, now);
    if (inserted) {
      if (await this.deletedUsers.isDeleted(userId)) {
        await this.favorites.remove(userId, movieId);
        throw accountGone();
      }
      await this.audit.recordForViewer(userId, {
        action: AuditAction.FavoritesChange,
        detail: `added ${snapshot.title} to favorites`,
        before: `${snapshot.title} not in favorites`,
        after: `${snapshot.title} in favorites`,
      });
    }
    const favorite = inserted ?? (await this.favorites.findOne(userId, movieId));
    // Refused as a duplicate, then removed before we read it: a concurrent remove won; the client may retry.
    if (!favorite) throw new AppError(ErrorCode.Conflict, UserDataMessages.addFavoriteFailed);
    await this.events.publish(
      'favorite.added',
      { userId, movieId, addedAt: favorite.addedAt.toISOString() },
      { occurredAt: favorite.addedAt },
    );
    return toFavorite(favorite);
  }

  /** `removed: false` when it was not a favorite; only a real removal is announced. */
  async remove(userId: string, movieId: string): Promise<{ removed: boolean }> {
    const removed = await this.favorites.remove(userId, movieId);
    if (!removed) return { removed: false };
    await this.audit.recordForViewer(userId, {
      action: AuditAction.FavoritesChange,
      detail: `removed ${removed.title} from favorites`,
      before: `${removed.title} in favorites`,
      after: `${removed.title} not in favorites`,
    });
    await this.events.publish('favorite.removed', { userId, movieId });
    return { removed: true };
  }

  forgetUser(userId: string): Promise<number> {
    return this.favorites.removeOfUser(userId);
  }
}
