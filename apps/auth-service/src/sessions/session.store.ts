import { Injectable } from '@nestjs/common';
import { Redis } from 'ioredis';
import { InjectRedis } from '@app/server-core';

const sessionKey = (sessionId: string) => `auth:session:${sessionId}`;
const oauthCodeKey = (code: string) => `auth:oauth-code:${code}`;
/**
 * One hash per user of its devices (issue 27), each in fields only ever set whole (no read-modify-write, so a
 * profile select and a last-seen update never lose each other's write): `{did}:info` (JSON DeviceInfo),
 * `{did}:seen` (ms) and `{did}:s:{jti}` per session issued under it.
 */
const devicesKey = (userId: string) => `auth:devices:${userId}`;
const infoField = (deviceId: string) => `${deviceId}:info`;
const seenField = (deviceId: string) => `${deviceId}:seen`;
const sessionField = (deviceId: string, sessionId: string) => `${deviceId}:s:${sessionId}`;

/**
 * What a device is, fixed at its sign-in. `tokenVersion`: the account's when it signed in; once the account's moves
 * on (a password reset, a ban) its sessions no longer resolve, though their records stay until they expire.
 */
export type DeviceInfo = {
  label: string;
  browser: string | null;
  os: string | null;
  firstSeenAt: number;
  tokenVersion: number;
};
/** A device with its live sessions (a device whose sessions all ended is not listed). */
export type StoredDevice = DeviceInfo & { id: string; lastSeenAt: number; sessionIds: string[] };
/**
 * The device a new session belongs to: `fresh` for a sign-in's new device; otherwise it joins an existing one (a
 * profile select), and `info` only stands in should that device have no record (a session from before devices).
 */
export type SessionDevice = { id: string; info: DeviceInfo; fresh: boolean };

const parseInfo = (raw: string): DeviceInfo | null => {
  try {
    const info = JSON.parse(raw) as Partial<DeviceInfo>;
    return typeof info.label === 'string' && typeof info.firstSeenAt === 'number'
      ? {
          label: info.label,
          browser: info.browser ?? null,
          os: info.os ?? null,
          firstSeenAt: info.firstSeenAt,
          tokenVersion: info.tokenVersion ?? 0,
        }
      : null;
  } catch {
    return null;
  }
};

/** Who a one-time OAuth code signs in, and the browser it was handed to. */
export type IssuedOAuthCode = { userId: string; browserBindingHash: string };

/** Redis side of sessions: live session ids (logout deletes them), the devices they belong to, and one-time OAuth codes. */
@Injectable()
export class SessionStore {
  constructor(@InjectRedis() private readonly redis: Redis) {}

  /**
   * The session record and its device's, in one round trip. The devices hash lives as long as its newest session
   * can (every write pushes its expiry to a full session's length from now).
   */
  async save(
    sessionId: string,
    userId: string,
    ttlSeconds: number,
    device: SessionDevice,
    now: number,
  ): Promise<void> {
    const devices = devicesKey(userId);
    const info = JSON.stringify(device.info);
    const write = this.redis.multi().set(sessionKey(sessionId), userId, 'EX', ttlSeconds);
    if (device.fresh) write.hset(devices, infoField(device.id), info);
    else write.hsetnx(devices, infoField(device.id), info);
    await write
      .hset(devices, seenField(device.id), String(now), sessionField(device.id, sessionId), '1')
      .expire(devices, ttlSeconds)
      .exec();
  }

  userOf(sessionId: string): Promise<string | null> {
    return this.redis.get(sessionKey(sessionId));
  }

  /** Whose the session is, and when its device was last seen, in one round trip (every resolve asks both). */
  async lookup(
    sessionId: string,
    userId: string,
    deviceId: string,
  ): Promise<{ owner: string | null; lastSeenAt: number | null }> {
    const replies = await this.redis
      .pipeline()
      .get(sessionKey(sessionId))
      .hget(devicesKey(userId), seenField(deviceId))
      .exec();
    // A Redis failure is a failure (503), never "no such session" (which would sign the viewer out).
    const [owner, seen] = (replies ?? []).map(([error, value]) => {
      if (error) throw error;
      return value;
    });
    return {
      owner: typeof owner === 'string' ? owner : null,
      lastSeenAt: typeof seen === 'string' ? Number(seen) : null,
    };
  }

  /**
   * The device was seen at `now`. `info` makes a record for a device that has none (a session from before devices:
   * it becomes its own device the first time it is seen); an existing record is kept.
   */
  async touch(
    userId: string,
    deviceId: string,
    sessionId: string,
    now: number,
    info: DeviceInfo,
    ttlSeconds: number,
  ): Promise<void> {
    const devices = devicesKey(userId);
    await this.redis
      .multi()
      .hsetnx(devices, infoField(deviceId), JSON.stringify(info))
      .hset(devices, seenField(deviceId), String(now), sessionField(deviceId, sessionId), '1')
      .expire(devices, ttlSeconds)
      .exec();
  }

  /** The user's devices with at least one live session; the traces of ended ones are dropped on the way. */
  async devices(userId: string): Promise<StoredDevice[]> {
    const devices = devicesKey(userId);
    const fields = await this.redis.hgetall(devices);
    const found = new Map<string, { info?: DeviceInfo | null; seen?: number; sessionIds: string[] }>();
    const entry = (id: string) => {
      const existing = found.get(id) ?? { sessionIds: [] };
      found.set(id, existing);
      return existing;
    };
    for (const [field, value] of Object.entries(fields)) {
      const [id, kind, sessionId] = field.split(':');
      if (kind === 'info') entry(id).info = parseInfo(value);
      else if (kind === 'seen') entry(id).seen = Number(value);
      else if (kind === 's' && sessionId) entry(id).sessionIds.push(sessionId);
    }
    const sessionIds = [...found.values()].flatMap(({ sessionIds }) => sessionIds);
    const owners = sessionIds.length ? await this.redis.mget(sessionIds.map(sessionKey)) : [];
    const live = new Set(sessionIds.filter((_, i) => owners[i] === userId));
    const listed: StoredDevice[] = [];
    const ended: string[] = [];
    for (const [id, { info, seen, sessionIds: ids }] of found) {
      const alive = ids.filter((sessionId) => live.has(sessionId));
      ended.push(
        ...ids.filter((sessionId) => !live.has(sessionId)).map((sessionId) => sessionField(id, sessionId)),
      );
      if (info && alive.length)
        listed.push({ id, ...info, lastSeenAt: seen ?? info.firstSeenAt, sessionIds: alive });
      else ended.push(infoField(id), seenField(id));
    }
    if (ended.length) await this.redis.hdel(devices, ...ended);
    return listed;
  }

  /** Drops the device's record (its sessions are revoked first, one by one, so each is announced). */
  async forgetDevice(userId: string, device: Pick<StoredDevice, 'id' | 'sessionIds'>): Promise<void> {
    await this.redis.hdel(
      devicesKey(userId),
      infoField(device.id),
      seenField(device.id),
      ...device.sessionIds.map((sessionId) => sessionField(device.id, sessionId)),
    );
  }

  /** Whose the session was (null: unknown or already ended). */
  revoke(sessionId: string): Promise<string | null> {
    return this.redis.getdel(sessionKey(sessionId));
  }

  /** `browserBindingHash`: the SHA-256 of the nonce the gateway put in the browser's cookie (login CSRF). */
  async saveOAuthCode(code: string, issued: IssuedOAuthCode, ttlSeconds: number): Promise<void> {
    await this.redis.set(oauthCodeKey(code), JSON.stringify(issued), 'EX', ttlSeconds);
  }

  /** Single use: the code is gone once read. */
  async takeOAuthCode(code: string): Promise<IssuedOAuthCode | null> {
    const raw = await this.redis.getdel(oauthCodeKey(code));
    try {
      const issued = JSON.parse(raw ?? 'null') as Partial<IssuedOAuthCode> | null;
      return typeof issued?.userId === 'string' && typeof issued.browserBindingHash === 'string'
        ? { userId: issued.userId, browserBindingHash: issued.browserBindingHash }
        : null;
    } catch {
      return null;
    }
  }
}
