import { UserIdParamsSchema } from '../auth';
import { DeviceListSchema, DeviceMessages, DeviceParamsSchema } from '../devices';
import { json, kidsRefused, noContent, route } from './route';

/** Issue 27: the account's signed-in devices ("sessions" in the paths other clients use). */
export const DeviceRoutes = {
  list: route({
    method: 'get',
    path: '/api/users/{id}/sessions',
    tag: 'users',
    access: 'own-or-admin',
    summary:
      'Signed-in devices (one per sign-in; profile switches share it): label from the browser and OS, first and last seen, the caller’s marked current → { data }',
    params: UserIdParamsSchema,
    ok: json(200, DeviceListSchema),
  }),
  signOut: route({
    method: 'delete',
    path: '/api/users/{id}/sessions/{sessionId}',
    tag: 'users',
    access: 'own-or-admin',
    summary: 'Signs the device out: every session issued under it ends, and its streams (DECISIONS 35)',
    // Issue 25: a child does not sign the household's devices out.
    notForKids: 'account',
    params: DeviceParamsSchema,
    ok: noContent,
    errors: { 403: kidsRefused('account'), 404: DeviceMessages.notFound },
  }),
  signOutOthers: route({
    method: 'delete',
    path: '/api/users/{id}/sessions',
    tag: 'users',
    access: 'own-or-admin',
    summary:
      "Signs out every device but the caller's (an admin on another account: every device), and their streams",
    notForKids: 'account',
    params: UserIdParamsSchema,
    ok: noContent,
    errors: { 403: kidsRefused('account') },
  }),
} as const;
