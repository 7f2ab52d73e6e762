import { Injectable } from '@nestjs/common';
import type { Favorite, FavoriteKind, TitleSnapshot } from '@app/contracts';
import { AuditAction, ErrorCode, MovieMessages, UserDataMessages } from '@app/contracts';
import type { ViewerKey } from '@app/server-core';
import { AppError, AuditTrail, DeletedUsers, Outbox, viewerOf } from '@app/server-core';
import { accountGone } from '../data-rights/account-gone';
import { TitlesService } from '../titles/titles.service';
import { toFavorite } from './favorite.mapper';
import { FavoritesRepository } from './favorites.repository';

/** The most favorites a list answers (newest first). */
export const FAVORITES_LIST_LIMIT = 500;

/**
 * Favorites (= My List, DECISIONS 29): idempotent add and remove, announced, and audited when an admin made them
 * (issue 22, finding 6). Each profile has its own list (DECISIONS 36): the request's profile (`viewerOf`) picks it,
 * and its ceiling keeps titles above it out of the list and off it (DECISIONS 37).
 */
@Injectable()
export class FavoritesService {
  constructor(
    private readonly favorites: FavoritesRepository,
    private readonly outbox: Outbox,
    private readonly deletedUsers: DeletedUsers,
    private readonly audit: AuditTrail,
    private readonly titles: TitlesService,
  ) {}

  async list(userId: string): Promise<Favorite[]> {
    const viewer = viewerOf(userId);
    const allowed = viewer.ceiling
      ? await this.titles.allowedAmong(await this.favorites.movieIdsOf(viewer), viewer.ceiling)
      : null;
    const records = await this.favorites.listOf(viewer, FAVORITES_LIST_LIMIT, allowed);
    return records.map(toFavorite);
  }

  /** Every favorite of every profile of the account, uncapped: "Download my data". */
  async exportOf(userId: string): Promise<Favorite[]> {
    const records = await this.favorites.allOf(userId);
    return records.map(toFavorite);
  }

  /**
   * A second add answers the favorite already there and announces nothing: the add that stored it announced it
   * through the outbox, which publishes it even when that add's publish failed or its process died (issue 29 §1).
   * An add for a deleted account (a request its gateway admitted from a cached session) is undone and refused:
   * checked after the write, so a deletion handled meanwhile either erases it or is seen here (its tombstone is set
   * before its erasure runs). A title above the profile's ceiling does not exist for it: NotFound, nothing stored.
   */
  async add(
    userId: string,
    movieId: string,
    snapshot: TitleSnapshot,
    kind: FavoriteKind = 'movie',
    now: Date = new Date(),
  ): Promise<Favorite> {
    const viewer = viewerOf(userId);
    const allowed = await this.titles.allowedAmong([movieId], viewer.ceiling);
    if (allowed && !allowed.has(movieId)) throw AppError.notFound(MovieMessages.notFound);
    const { profileId } = viewer;
    const inserted = await this.outbox.announce(
      { type: 'favorite.added', payload: { userId, profileId, movieId, addedAt: now.toISOString() } },
      async () => {
        const created = await this.favorites.insert(viewer, movieId, snapshot, kind, now);
        if (created && (await this.deletedUsers.isDeleted(userId))) {
          await this.favorites.remove(viewer, movieId);
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
    const favorite = inserted ?? (await this.favorites.findOne(viewer, movieId));
    // Refused as a duplicate, then removed before we read it: a concurrent remove won; the client may retry.
    if (!favorite) throw new AppError(ErrorCode.Conflict, UserDataMessages.addFavoriteFailed);
    return toFavorite(favorite);
  }

  /** `removed: false` when it was not a favorite; only a real removal is announced. */
  async remove(userId: string, movieId: string): Promise<{ removed: boolean }> {
    const viewer = viewerOf(userId);
    const removed = await this.outbox.announce(
      { type: 'favorite.removed', payload: { userId, profileId: viewer.profileId, movieId } },
      () => this.favorites.remove(viewer, movieId),
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

  /** `profile.deleted`: that profile's list goes; the account's other profiles keep theirs. */
  forgetProfile(viewer: ViewerKey): Promise<number> {
    return this.favorites.removeOfProfile(viewer);
  }
}
