import {
  type CreateProfileRequest,
  DEFAULT_CAPTION_STYLE,
  isKidsCeiling,
  PROFILE_LIMIT,
  type Profile,
  ProfileKind,
  ProfileMessages,
  type UpdateProfileRequest,
} from '@app/contracts';
import type { IncomingMessage } from 'node:http';
import type { FakeRoute } from '@web/test/fake-api';

let sequence = 0;

export const aProfile = (overrides: Partial<Profile> = {}): Profile => {
  sequence += 1;
  return {
    id: `65f0c0ffee2${String(sequence).padStart(13, '0')}`,
    name: `Profile ${sequence}`,
    avatar: 'sunrise',
    kind: ProfileKind.Standard,
    maturityCeiling: 'A',
    uiLanguage: 'en',
    audioLanguage: 'en',
    subtitleLanguage: null,
    playback: { autoplayNext: true, askBeforeNext: true, captions: DEFAULT_CAPTION_STYLE },
    locked: false,
    ...overrides,
  };
};

/** The token a fake session acting as `profileId` carries. */
export const profileToken = (profileId: string) => `profile-token:${profileId}`;

const CODES: Record<number, string> = {
  400: 'VALIDATION_FAILED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
};
const error = (status: number, message: string) => ({
  status,
  body: { code: CODES[status], message, correlationId: 'test' },
});

type Household = {
  profiles: Profile[];
  /** Each locked profile's PIN. */
  pins: Record<string, string>;
  /** What the profile routes were sent, in order. */
  sent: { method: string; path: string; body: unknown; token: string | null }[];
  /**
   * Answers the profile routes; a token naming no profile (the sign-in's) acts as the account's only profile when it
   * has one and it is unlocked, else as none (issue 25: the account chooses first).
   */
  route: FakeRoute;
};

const tokenOf = (request: IncomingMessage) => request.headers.authorization?.replace(/^Bearer /, '') ?? null;

/**
 * The profiles API as auth-service answers it, over a household held in memory: the rules the screens show the
 * server's words for (at most five, names unique, a kids rating, a wrong PIN with the tries left).
 */
export const aHousehold = (profiles: Profile[], pins: Record<string, string> = {}): Household => {
  const household: Household = {
    profiles: [...profiles],
    pins: { ...pins },
    sent: [],
    route: (request, url, body) => {
      if (!url.pathname.startsWith('/api/profiles')) return undefined;
      const token = tokenOf(request);
      household.sent.push({ method: request.method ?? '', path: url.pathname, body, token });
      const [only, ...others] = household.profiles;
      const acting =
        household.profiles.find((profile) => token === profileToken(profile.id)) ??
        (only && !only.locked && others.length === 0 ? only : undefined);
      const [, , , profileId, action] = url.pathname.split('/');
      const target = household.profiles.find((profile) => profile.id === profileId);
      if (request.method === 'GET' && !profileId)
        return { status: 200, body: { profiles: household.profiles, currentProfileId: acting?.id ?? null } };
      if (request.method === 'POST' && !profileId) {
        const input = body as CreateProfileRequest;
        if (household.profiles.length >= PROFILE_LIMIT) return error(409, ProfileMessages.limitReached);
        if (household.profiles.some((other) => other.name.toLowerCase() === input.name.toLowerCase()))
          return error(409, ProfileMessages.nameTaken);
        const created = aProfile({
          name: input.name,
          avatar: input.avatar,
          kind: input.kind,
          maturityCeiling: input.maturityCeiling ?? (input.kind === ProfileKind.Kids ? 'UA7' : 'A'),
          locked: input.pin !== undefined,
        });
        if (input.pin) household.pins[created.id] = input.pin;
        household.profiles.push(created);
        return { status: 201, body: created };
      }
      if (!target) return error(404, ProfileMessages.notFound);
      if (request.method === 'PATCH') {
        const changes = body as UpdateProfileRequest;
        const changed: Profile = {
          ...target,
          ...(changes.name === undefined ? {} : { name: changes.name }),
          ...(changes.avatar === undefined ? {} : { avatar: changes.avatar }),
          ...(changes.kind === undefined ? {} : { kind: changes.kind }),
          ...(changes.maturityCeiling === undefined ? {} : { maturityCeiling: changes.maturityCeiling }),
          playback: { ...target.playback, ...changes.playback },
          locked: changes.pin === undefined ? target.locked : changes.pin !== null,
        };
        if (changed.kind === ProfileKind.Kids && !isKidsCeiling(changed.maturityCeiling))
          return error(400, ProfileMessages.kidsCeiling);
        if (typeof changes.pin === 'string') household.pins[target.id] = changes.pin;
        household.profiles = household.profiles.map((profile) => (profile === target ? changed : profile));
        return { status: 200, body: changed };
      }
      if (request.method === 'DELETE') {
        household.profiles = household.profiles.filter((profile) => profile !== target);
        return { status: 204, body: undefined };
      }
      if (request.method === 'POST' && action === 'select') {
        const { pin } = (body ?? {}) as { pin?: string };
        if (target.locked) {
          if (pin === undefined) return error(403, ProfileMessages.pinRequired);
          if (pin !== household.pins[target.id]) return error(403, ProfileMessages.wrongPin(4));
        }
        return { status: 200, body: { token: profileToken(target.id), profile: target } };
      }
      return undefined;
    },
  };
  return household;
};
