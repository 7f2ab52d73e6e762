import type { AddFavoriteRequest, DeleteAccountRequest, ViewerSettings } from '@app/contracts';
import type { ApiClient } from '@web/shared/api/api-client';

export type HistoryQuery = { page: number; pageSize: number };

/** The viewer's own data (issue 11), one function per call. The session client adds the token. */
export const userDataApi = {
  favorites: (client: ApiClient, userId: string, signal?: AbortSignal) =>
    client.call('GET /api/users/{id}/favorites', { params: { id: userId } }, { signal }),
  /** Idempotent: a title already there answers the favorite it is. */
  addFavorite: (client: ApiClient, userId: string, body: AddFavoriteRequest) =>
    client.call('POST /api/users/{id}/favorites', { params: { id: userId }, body }),
  removeFavorite: (client: ApiClient, userId: string, movieId: string) =>
    client.call('DELETE /api/users/{id}/favorites/{movieId}', { params: { id: userId, movieId } }),
  history: (client: ApiClient, userId: string, query: HistoryQuery, signal?: AbortSignal) =>
    client.call('GET /api/users/{id}/watch-history', { params: { id: userId }, query }, { signal }),
  /** `itemId` is the history record's id (HistoryItem.id), not the title's. */
  removeHistoryItem: (client: ApiClient, userId: string, itemId: string) =>
    client.call('DELETE /api/users/{id}/watch-history/{itemId}', { params: { id: userId, itemId } }),
  continueWatching: (client: ApiClient, userId: string, signal?: AbortSignal) =>
    client.call('GET /api/users/{id}/continue-watching', { params: { id: userId } }, { signal }),
  /** "Remove from row": hidden from Continue Watching; the position is kept. */
  hideFromRow: (client: ApiClient, userId: string, movieId: string) =>
    client.call('DELETE /api/users/{id}/continue-watching/{movieId}', { params: { id: userId, movieId } }),
  analytics: (client: ApiClient, userId: string, signal?: AbortSignal) =>
    client.call('GET /api/users/{id}/analytics', { params: { id: userId } }, { signal }),
  settings: (client: ApiClient, userId: string, signal?: AbortSignal) =>
    client.call('GET /api/users/{id}/settings', { params: { id: userId } }, { signal }),
  saveSettings: (client: ApiClient, userId: string, body: ViewerSettings) =>
    client.call('PUT /api/users/{id}/settings', { params: { id: userId }, body }),
  /** The JSON file "Download my data" saves (DECISIONS 32). */
  exportData: (client: ApiClient, userId: string) =>
    client.call('GET /api/users/{id}/export', { params: { id: userId } }),
  /** A Google-only account sends no password: the server then asks for a recent sign-in. */
  deleteAccount: (client: ApiClient, userId: string, body: DeleteAccountRequest) =>
    client.call('POST /api/users/{id}/delete-account', { params: { id: userId }, body }),
} as const;
