import { Injectable } from '@nestjs/common';
import type { Favorite, FavoriteKind, TitleSnapshot } from '@app/contracts';
import { AuditAction, ErrorCode, UserDataMessages } from '@app/contracts';
import { AppError, AuditTrail, DeletedUsers, Outbox } from '@app/server-core';
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
    private readonly outbox: Outbox,
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
   * A second add answers the favorite already there and announces nothing: the add that stored it announced it
   * through the outbox, which publishes it even when that add's publish failed or its process died (issue 29 §1).
   * An add for a deleted account (a request its gateway admitted from a cached session) is undone and refused:
   * checked after the write, so a deletion handled meanwhile either erases it or is seen here (its tombstone is set
   * before its erasure runs).
   */
  async add(
    userId: string,
    movieId: string,
    snapshot: TitleSnapshot,
    kind: FavoriteKind = 'movie',
    now: Date = new Date(),
  ): Promise<Favorite> {
    const inserted = await this.outbox.announce(
      { type: 'favorite.added', payload: { userId, movieId, addedAt: now.toISOString() } },
      async () => {
        const created = await this.favorites.insert(userId, movieId, snapshot, kind, now);
        if (created && (await this.deletedUsers.isDeleted(userId))) {
          await this.favorites.remove(userId, movieId);
          throw accountGone();
        }
        return created;
      },
      (created) => created !== null,
    );
    if (inserted) {
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
    return toFavorite(favorite);
  }

  /** `removed: false` when it was not a favorite; only a real removal is announced. */
  async remove(userId: string, movieId: string): Promise<{ removed: boolean }> {
    const removed = await this.outbox.announce(
      { type: 'favorite.removed', payload: { userId, movieId } },
      () => this.favorites.remove(userId, movieId),
      (gone) => gone !== null,
    );
    if (!removed) return { removed: false };
    await this.audit.recordForViewer(userId, {
      action: AuditAction.FavoritesChange,
      detail: `removed ${removed.title} from favorites`,
      before: `${removed.title} in favorites`,
      after: `${removed.title} not in favorites`,
    });
    return { removed: true };
  }

  forgetUser(userId: string): Promise<number> {
    return this.favorites.removeOfUser(userId);
  }
}
