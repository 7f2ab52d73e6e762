import type {
  AddFavoriteRequest,
  ContinueWatchingItem,
  DataExportFile,
  DeleteAccountRequest,
  Favorite,
  HistoryPage,
  ViewerAnalytics,
  ViewerSettings,
} from '@app/contracts';
import type { ApiClient } from '@web/shared/api/api-client';

const userPath = (userId: string) => `/api/users/${encodeURIComponent(userId)}`;
const part = (id: string) => encodeURIComponent(id);

export type HistoryQuery = { page: number; pageSize: number };

/** The viewer's own data (issue 11), one function per call. The session client adds the token. */
export const viewerDataApi = {
  favorites: (client: ApiClient, userId: string, signal?: AbortSignal) =>
    client.get<Favorite[]>(`${userPath(userId)}/favorites`, { signal }),
  /** Idempotent: a title already there answers the favorite it is. */
  addFavorite: (client: ApiClient, userId: string, body: AddFavoriteRequest) =>
    client.post<Favorite>(`${userPath(userId)}/favorites`, { body }),
  removeFavorite: (client: ApiClient, userId: string, movieId: string) =>
    client.delete(`${userPath(userId)}/favorites/${part(movieId)}`),
  history: (client: ApiClient, userId: string, query: HistoryQuery, signal?: AbortSignal) =>
    client.get<HistoryPage>(`${userPath(userId)}/watch-history`, { query, signal }),
  /** `itemId` is the history record's id (HistoryItem.id), not the title's. */
  removeHistoryItem: (client: ApiClient, userId: string, itemId: string) =>
    client.delete(`${userPath(userId)}/watch-history/${part(itemId)}`),
  continueWatching: (client: ApiClient, userId: string, signal?: AbortSignal) =>
    client.get<ContinueWatchingItem[]>(`${userPath(userId)}/continue-watching`, { signal }),
  /** "Remove from row": hidden from Continue Watching; the position is kept. */
  hideFromRow: (client: ApiClient, userId: string, movieId: string) =>
    client.delete(`${userPath(userId)}/continue-watching/${part(movieId)}`),
  analytics: (client: ApiClient, userId: string, signal?: AbortSignal) =>
    client.get<ViewerAnalytics>(`${userPath(userId)}/analytics`, { signal }),
  settings: (client: ApiClient, userId: string, signal?: AbortSignal) =>
    client.get<ViewerSettings>(`${userPath(userId)}/settings`, { signal }),
  saveSettings: (client: ApiClient, userId: string, body: ViewerSettings) =>
    client.put<ViewerSettings>(`${userPath(userId)}/settings`, { body }),
  /** The JSON file "Download my data" saves (DECISIONS 32). */
  exportData: (client: ApiClient, userId: string) => client.get<DataExportFile>(`${userPath(userId)}/export`),
  /** A Google-only account sends no password: the server then asks for a recent sign-in. */
  deleteAccount: (client: ApiClient, userId: string, body: DeleteAccountRequest) =>
    client.post<void>(`${userPath(userId)}/delete-account`, { body }),
} as const;
