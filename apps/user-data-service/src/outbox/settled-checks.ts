import type { SettledChecks } from '@app/server-core';
import type { FavoritesRepository } from '../favorites/favorites.repository';
import type { HistoryRepository } from '../history/history.repository';

/**
 * "Is the fact stored?" for each event user-data-service announces, asked by the outbox's relay about an entry whose
 * process died after storing it, before saying whether its change was made (issue 29 §1). Read-only.
 */
export const settledChecks = (favorites: FavoritesRepository, history: HistoryRepository): SettledChecks => ({
  // The favorite this add stored: one removed and added again since is announced by those changes.
  'favorite.added': async ({ userId, movieId, addedAt }) =>
    (await favorites.findOne(userId, movieId))?.addedAt.toISOString() === addedAt,
  'favorite.removed': async ({ userId, movieId }) => (await favorites.findOne(userId, movieId)) === null,
  // Gone, or stored again by a report after the entry (a record of the title created since the removal).
  'history.removed': async ({ userId, movieId }, { occurredAt }) => {
    const record = await history.findOne(userId, movieId);
    return record === null || (record.createdAt !== undefined && record.createdAt >= occurredAt);
  },
});
