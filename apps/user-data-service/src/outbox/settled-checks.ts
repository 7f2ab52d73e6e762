import { profileIdOf } from '@app/contracts';
import type { SettledChecks } from '@app/server-core';
import type { FavoritesRepository } from '../favorites/favorites.repository';
import type { HistoryRepository } from '../history/history.repository';

/** The profile an event names (events from before profiles: the account's default one). */
const ownerOf = (event: { userId: string; profileId?: string }) => ({
  userId: event.userId,
  profileId: profileIdOf(event),
});

/**
 * "Is the fact stored?" for each event user-data-service announces, asked by the outbox's relay about an entry whose
 * process died after storing it, before saying whether its change was made (issue 29 §1). Read-only.
 */
export const settledChecks = (favorites: FavoritesRepository, history: HistoryRepository): SettledChecks => ({
  // The favorite this add stored: one removed and added again since is announced by those changes.
  'favorite.added': async (event) =>
    (await favorites.findOne(ownerOf(event), event.movieId))?.addedAt.toISOString() === event.addedAt,
  'favorite.removed': async (event) => (await favorites.findOne(ownerOf(event), event.movieId)) === null,
  // Gone, or stored again by a report after the entry (a record of the title created since the removal).
  'history.removed': async (event, { occurredAt }) => {
    const record = await history.findOne(ownerOf(event), event.movieId);
    return record === null || (record.createdAt !== undefined && record.createdAt >= occurredAt);
  },
});
