import {
  CreateProfileRequestSchema,
  ProfileIdParamsSchema,
  ProfileListSchema,
  ProfileMessages,
  ProfileSchema,
  ProfileSessionSchema,
  SelectProfileRequestSchema,
  UpdateProfileRequestSchema,
} from '../profiles';
import { json, kidsRefused, noContent, route } from './route';

const notThisAccounts = `${ProfileMessages.notFound}: no such profile in the caller's account`;

/**
 * DECISIONS 36: the profiles of the signed-in account (issue 25). The account and the acting profile come from the
 * session, never from the request.
 */
export const ProfileRoutes = {
  list: route({
    method: 'get',
    path: '/api/profiles',
    tag: 'profiles',
    access: 'user',
    beforeProfile: true,
    summary: "The account's profiles, oldest first, and the one this session acts as (currentProfileId)",
    ok: json(200, ProfileListSchema),
  }),
  create: route({
    method: 'post',
    path: '/api/profiles',
    tag: 'profiles',
    access: 'user',
    summary:
      'Adds a profile (name 1-30 characters, unique in the account ignoring case; a kids one is U or U/A 7+)',
    notForKids: 'profiles',
    body: CreateProfileRequestSchema,
    ok: json(201, ProfileSchema, 'Created'),
    errors: {
      403: kidsRefused('profiles'),
      409: `${ProfileMessages.limitReached}; or ${ProfileMessages.nameTaken}`,
    },
  }),
  update: route({
    method: 'patch',
    path: '/api/profiles/{profileId}',
    tag: 'profiles',
    access: 'user',
    summary:
      "Changes a profile's settings; `pin` sets its 4-digit lock, `pin: null` removes it. A kids session changes only its own avatar, languages and playback settings (and may lower its ceiling)",
    params: ProfileIdParamsSchema,
    body: UpdateProfileRequestSchema,
    ok: json(200, ProfileSchema),
    errors: {
      400: `Invalid input, or ${ProfileMessages.kidsCeiling}`,
      403: `${kidsRefused('profiles')}, for anything but its own preferences (never its name, kind, lock, or a higher ceiling)`,
      404: notThisAccounts,
      409: ProfileMessages.nameTaken,
    },
  }),
  remove: route({
    method: 'delete',
    path: '/api/profiles/{profileId}',
    tag: 'profiles',
    access: 'user',
    summary: 'Deletes a profile; every service erases its data (profile.deleted); sessions acting as it end',
    notForKids: 'profiles',
    params: ProfileIdParamsSchema,
    ok: noContent,
    errors: { 403: kidsRefused('profiles'), 404: notThisAccounts, 409: ProfileMessages.lastProfile },
  }),
  select: route({
    method: 'post',
    path: '/api/profiles/{profileId}/select',
    tag: 'profiles',
    access: 'user',
    beforeProfile: true,
    summary:
      'A new session acting as the profile → { token, profile }; a locked profile needs its PIN (5 tries, then growing waits)',
    params: ProfileIdParamsSchema,
    body: SelectProfileRequestSchema,
    ok: json(200, ProfileSessionSchema),
    errors: {
      403: `${ProfileMessages.pinRequired}; or a wrong PIN, with the tries left`,
      404: notThisAccounts,
      429: 'Too many wrong PINs: wait (it grows with each one)',
    },
  }),
} as const;
