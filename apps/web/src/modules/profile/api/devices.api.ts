import type { ApiClient } from '@web/shared/api/api-client';

/** The account's signed-in devices (issue 27), one function per call. The session client adds the token. */
export const devicesApi = {
  list: (client: ApiClient, userId: string, signal?: AbortSignal) =>
    client.call('GET /api/users/{id}/sessions', { params: { id: userId } }, { signal }),
  /** Every session of the device ends, and its streams. */
  signOut: (client: ApiClient, userId: string, deviceId: string) =>
    client.call('DELETE /api/users/{id}/sessions/{sessionId}', {
      params: { id: userId, sessionId: deviceId },
    }),
  /** Every device but this one. */
  signOutOthers: (client: ApiClient, userId: string) =>
    client.call('DELETE /api/users/{id}/sessions', { params: { id: userId } }),
} as const;
