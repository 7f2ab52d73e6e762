import { Injectable } from '@nestjs/common';
import { Redis } from 'ioredis';
import type { ViewerKey } from '@app/server-core';
import { InjectRedis, redisScript, runScript, runScriptMany } from '@app/server-core';
import type { InteractionState } from './interaction-rules';

/**
 * One hash per viewer profile (DECISIONS 36): field = movie id, value = the record as JSON (`ProfileValue`). Keyed by
 * the profile's id alone (ids are unique across accounts): the hashes written before profiles, keyed by the account's
 * id, are its default profile's, whose id is the account's.
 */
export const profileKey = (profileId: string) => `reco:profile:${profileId}`;

/** What a profile field holds: the interaction record, short keys (a million of them sit in memory). */
export type ProfileValue = {
  /** version */
  v: number;
  /** watchedFraction */
  w: number;
  /** finished */
  fin: boolean;
  /** favorite */
  fav: boolean;
  /** favoriteAt, epoch ms (0: none) */
  favAt: number;
  paid: boolean;
  /** strength */
  s: number;
  /** at, epoch ms */
  at: number;
};

export const encodeProfileValue = (state: InteractionState): string =>
  JSON.stringify({
    v: state.version,
    w: state.watchedFraction,
    fin: state.finished,
    fav: state.favorite,
    favAt: state.favoriteAt,
    paid: state.paid,
    s: state.strength,
    at: state.at,
  } satisfies ProfileValue);

const decode = ({ userId, profileId }: ViewerKey, movieId: string, raw: string): InteractionState | null => {
  try {
    const value = JSON.parse(raw) as ProfileValue;
    return {
      userId,
      profileId,
      movieId,
      version: value.v,
      watchedFraction: value.w,
      finished: value.fin,
      favorite: value.fav,
      favoriteAt: value.favAt,
      paid: value.paid,
      strength: value.s,
      at: value.at,
    };
  } catch {
    return null;
  }
};

/** Writes the field unless it holds the same or a later version (two replicas may apply one viewer's events). */
const PUT_IF_NEWER = redisScript(`
local current = redis.call('HGET', KEYS[1], ARGV[1])
if current then
  local ok, entry = pcall(cjson.decode, current)
  if ok and type(entry) == 'table' and tonumber(entry['v']) and tonumber(entry['v']) >= tonumber(ARGV[2]) then
    return 0
  end
end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[3])
return 1
`);

/**
 * Each viewer's interactions in Redis: what a request scores from (one HGETALL, O(profile)) and what the event
 * handlers compare a new event with before touching MongoDB. Written after the MongoDB record, never before.
 */
@Injectable()
export class ProfilesRepository {
  constructor(@InjectRedis() private readonly redis: Redis) {}

  async get(viewer: ViewerKey, movieId: string): Promise<InteractionState | null> {
    const raw = await this.redis.hget(profileKey(viewer.profileId), movieId);
    return raw === null ? null : decode(viewer, movieId, raw);
  }

  /** `get` of many fields in one round trip, answered in order. */
  async getMany(
    fields: ReadonlyArray<{ viewer: ViewerKey; movieId: string }>,
  ): Promise<Array<InteractionState | null>> {
    if (fields.length === 0) return [];
    const pipeline = this.redis.pipeline();
    for (const { viewer, movieId } of fields) pipeline.hget(profileKey(viewer.profileId), movieId);
    const replies = (await pipeline.exec()) ?? [];
    return fields.map(({ viewer, movieId }, i) => {
      const [error, raw] = replies[i] ?? [new Error('no reply from Redis'), null];
      if (error) throw error;
      return typeof raw === 'string' ? decode(viewer, movieId, raw) : null;
    });
  }

  async all(viewer: ViewerKey): Promise<InteractionState[]> {
    const fields = await this.redis.hgetall(profileKey(viewer.profileId));
    return Object.entries(fields).flatMap(([movieId, raw]) => decode(viewer, movieId, raw) ?? []);
  }

  /** Returns whether the field was written (false: it holds this version or a later one). */
  async put(state: InteractionState): Promise<boolean> {
    const written = await runScript(
      this.redis,
      PUT_IF_NEWER,
      [profileKey(state.profileId)],
      [state.movieId, state.version, encodeProfileValue(state)],
    );
    return written === 1;
  }

  /** `put` of many records in one round trip. */
  async putMany(states: readonly InteractionState[]): Promise<void> {
    await runScriptMany(
      this.redis,
      PUT_IF_NEWER,
      states.map((state) => ({
        keys: [profileKey(state.profileId)],
        args: [state.movieId, state.version, encodeProfileValue(state)],
      })),
    );
  }

  async forget(profileId: string): Promise<void> {
    await this.redis.unlink(profileKey(profileId));
  }
}
