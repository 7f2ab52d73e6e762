import type { ApiClient } from '@web/shared/api/api-client';

/** Issue 28: the Coming soon row and the acting profile's reminders, one function per call. */
export const comingSoonApi = {
  list: (client: ApiClient, signal?: AbortSignal) => client.call('GET /api/coming-soon', {}, { signal }),
  reminders: (client: ApiClient, signal?: AbortSignal) => client.call('GET /api/reminders', {}, { signal }),
  remind: (client: ApiClient, titleId: string) =>
    client.call('PUT /api/reminders/{titleId}', { params: { titleId } }),
  forget: (client: ApiClient, titleId: string) =>
    client.call('DELETE /api/reminders/{titleId}', { params: { titleId } }),
} as const;
