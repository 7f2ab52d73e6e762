import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { AuthMessages, DeviceMessages, ErrorCode, SessionUser, UserStatus } from '@app/contracts';
import { AppError, Outbox } from '@app/server-core';
import type { DeviceDescription } from '@app/server-core';
import { sessionProfileOf } from '../profiles/household';
import { toSessionProfile } from '../profiles/profile.mapper';
import { toSessionUser } from '../users/user.mapper';
import { StoredUser, UsersRepository } from '../users/users.repository';
import { DeviceInfo, SessionStore } from './session.store';

export const SESSION_TTL_SECONDS = 7 * 24 * 60 * 60;
/** DECISIONS 18: the code in /oauth-success?token=… is good for 60 s, once. */
export const OAUTH_CODE_TTL_SECONDS = 60;
/** A device's "last seen" moves at most this often (resolve writes it only when it is older). */
export const LAST_SEEN_EVERY_MS = 5 * 60_000;

/**
 * `pid`: the profile the session acts as (DECISIONS 36); absent on a sign-in's session: the account's only profile
 * when it has one and it is unlocked, else none until one is selected (issue 25).
 * `did`: the device (sign-in) the session belongs to (issue 27); absent on a session from before devices, which is
 * its own device, named by its `jti`.
 */
type SessionClaims = { sub: string; jti: string; ver: number; pid?: string; did?: string };

/** A sign-in from the device it describes (a new device), or a session joining the caller's device (profile select). */
export type SessionOrigin = { signIn: DeviceDescription } | { deviceId: string };

const UNKNOWN_SIGN_IN: SessionOrigin = {
  signIn: { label: DeviceMessages.unknownDevice, browser: null, os: null, fingerprint: '' },
};

const unknownDevice = (now: number, tokenVersion: number): DeviceInfo => ({
  label: DeviceMessages.unknownDevice,
  browser: null,
  os: null,
  firstSeenAt: now,
  tokenVersion,
});

/** The nonce's SHA-256 equals the stored one (constant time). */
const sameBinding = (storedHash: string, browserBinding: string) => {
  const stored = Buffer.from(storedHash, 'hex');
  const given = createHash('sha256').update(browserBinding).digest();
  return stored.length === given.length && timingSafeEqual(stored, given);
};

/** Refuses an account that may not sign in; the message is what the login form shows. */
export const assertActive = (user: StoredUser) => {
  if (user.status === UserStatus.Suspended) throw new AppError(ErrorCode.Forbidden, AuthMessages.suspended);
  if (user.status === UserStatus.Banned) throw new AppError(ErrorCode.Forbidden, AuthMessages.banned);
};

/**
 * Sessions are a signed JWT (sub, jti, ver, and pid once a profile is selected) plus a Redis record per jti: logout deletes the record, a
 * password reset bumps the user's token version, and every request re-reads the user's current role and status.
 */
@Injectable()
export class SessionsService {
  constructor(
    private readonly jwt: JwtService,
    private readonly store: SessionStore,
    private readonly users: UsersRepository,
    private readonly outbox: Outbox,
  ) {}

  /**
   * `profileId`: a session acting as that profile (selected); none: the account's default profile. `origin`: a
   * sign-in makes a new device; a profile select's session joins the caller's.
   */
  async issue(
    user: StoredUser,
    profileId?: string,
    origin: SessionOrigin = UNKNOWN_SIGN_IN,
  ): Promise<string> {
    const sessionId = randomUUID();
    const now = Date.now();
    const device =
      'signIn' in origin
        ? {
            id: randomUUID(),
            info: {
              label: origin.signIn.label,
              browser: origin.signIn.browser,
              os: origin.signIn.os,
              firstSeenAt: now,
              tokenVersion: user.tokenVersion,
            },
            fresh: true,
          }
        : { id: origin.deviceId, info: unknownDevice(now, user.tokenVersion), fresh: false };
    await this.store.save(sessionId, user._id.toHexString(), SESSION_TTL_SECONDS, device, now);
    const claims: SessionClaims = {
      sub: user._id.toHexString(),
      jti: sessionId,
      ver: user.tokenVersion,
      did: device.id,
      ...(profileId === undefined ? {} : { pid: profileId }),
    };
    return this.jwt.signAsync(claims, { expiresIn: SESSION_TTL_SECONDS });
  }

  async resolve(token: string): Promise<SessionUser> {
    const claims = await this.jwt
      .verifyAsync<SessionClaims>(token, { algorithms: ['HS256'] })
      .catch(() => null);
    if (!claims || typeof claims.sub !== 'string' || typeof claims.jti !== 'string') throw this.expired();
    const deviceId = typeof claims.did === 'string' ? claims.did : claims.jti;
    const { owner, lastSeenAt } = await this.store.lookup(claims.jti, claims.sub, deviceId);
    if (owner !== claims.sub) throw this.expired();
    const user = await this.users.findById(claims.sub);
    if (!user || user.tokenVersion !== claims.ver) throw this.expired();
    assertActive(user);
    // A deleted profile's sessions end with it (never another profile instead: it may see more). Undefined: the
    // session names none and the account has to choose one first.
    const profile = sessionProfileOf(user, typeof claims.pid === 'string' ? claims.pid : undefined);
    if (profile === null) throw this.expired();
    const now = Date.now();
    if (lastSeenAt === null || now - lastSeenAt >= LAST_SEEN_EVERY_MS)
      await this.store.touch(
        claims.sub,
        deviceId,
        claims.jti,
        now,
        unknownDevice(now, user.tokenVersion),
        SESSION_TTL_SECONDS,
      );
    return toSessionUser(user, claims.jti, profile && toSessionProfile(profile), deviceId);
  }

  /** A sign-out: the session ends, and its streams with it (DECISIONS 35). */
  async revoke(sessionId: string): Promise<void> {
    const userId = await this.store.userOf(sessionId);
    if (userId === null) return;
    await this.outbox.announce(
      { type: 'session.revoked', payload: { userId, sessionId } },
      () => this.store.revoke(sessionId),
      // Null: a sign-out racing this one ended it first, and announces it.
      (owner) => owner !== null,
    );
  }

  /** A one-time code for `user`, good only with the nonce whose SHA-256 is `browserBindingHash` (the browser's cookie). */
  async issueOAuthCode(user: StoredUser, browserBindingHash: string): Promise<string> {
    const code = randomBytes(32).toString('base64url');
    await this.store.saveOAuthCode(
      code,
      { userId: user._id.toHexString(), browserBindingHash },
      OAUTH_CODE_TTL_SECONDS,
    );
    return code;
  }

  /**
   * The user a one-time code was issued for, when the exchange comes from the browser it was issued to (its binding
   * cookie): a code alone, pushed into someone else's browser or read from a log, signs nobody in. Spent either way.
   */
  async redeemOAuthCode(code: string, browserBinding: string): Promise<StoredUser> {
    const issued = await this.store.takeOAuthCode(code);
    const user =
      issued && sameBinding(issued.browserBindingHash, browserBinding)
        ? await this.users.findById(issued.userId)
        : null;
    if (!user) throw new AppError(ErrorCode.Unauthorized, AuthMessages.oauthCodeInvalid);
    assertActive(user);
    return user;
  }

  private expired() {
    return new AppError(ErrorCode.Unauthorized, AuthMessages.sessionExpired);
  }
}
