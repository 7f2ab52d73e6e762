import { randomBytes, randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { AuthMessages, ErrorCode, SessionUser, UserStatus } from '@app/contracts';
import { AppError } from '@app/server-core';
import { toSessionUser } from '../users/user.mapper';
import { StoredUser, UsersRepository } from '../users/users.repository';
import { SessionStore } from './session.store';

export const SESSION_TTL_SECONDS = 7 * 24 * 60 * 60;
/** DECISIONS 18: the code in /oauth-success?token=… is good for 60 s, once. */
export const OAUTH_CODE_TTL_SECONDS = 60;

type SessionClaims = { sub: string; jti: string; ver: number };

/** Refuses an account that may not sign in; the message is what the login form shows. */
export const assertActive = (user: StoredUser) => {
  if (user.status === UserStatus.Suspended) throw new AppError(ErrorCode.Forbidden, AuthMessages.suspended);
  if (user.status === UserStatus.Banned) throw new AppError(ErrorCode.Forbidden, AuthMessages.banned);
};

/**
 * Sessions are a signed JWT (sub, jti, ver) plus a Redis record per jti: logout deletes the record, a
 * password reset bumps the user's token version, and every request re-reads the user's current role and status.
 */
@Injectable()
export class SessionsService {
  constructor(
    private readonly jwt: JwtService,
    private readonly store: SessionStore,
    private readonly users: UsersRepository,
  ) {}

  async issue(user: StoredUser): Promise<string> {
    const sessionId = randomUUID();
    await this.store.save(sessionId, user._id.toHexString(), SESSION_TTL_SECONDS);
    const claims: SessionClaims = { sub: user._id.toHexString(), jti: sessionId, ver: user.tokenVersion };
    return this.jwt.signAsync(claims, { expiresIn: SESSION_TTL_SECONDS });
  }

  async resolve(token: string): Promise<SessionUser> {
    const claims = await this.jwt
      .verifyAsync<SessionClaims>(token, { algorithms: ['HS256'] })
      .catch(() => null);
    if (!claims || typeof claims.sub !== 'string' || typeof claims.jti !== 'string') throw this.expired();
    const owner = await this.store.userOf(claims.jti);
    if (owner !== claims.sub) throw this.expired();
    const user = await this.users.findById(claims.sub);
    if (!user || user.tokenVersion !== claims.ver) throw this.expired();
    assertActive(user);
    return toSessionUser(user, claims.jti);
  }

  revoke(sessionId: string): Promise<void> {
    return this.store.revoke(sessionId);
  }

  async issueOAuthCode(user: StoredUser): Promise<string> {
    const code = randomBytes(32).toString('base64url');
    await this.store.saveOAuthCode(code, user._id.toHexString(), OAUTH_CODE_TTL_SECONDS);
    return code;
  }

  /** The user a one-time code was issued for; the code is spent either way. */
  async redeemOAuthCode(code: string): Promise<StoredUser> {
    const userId = await this.store.takeOAuthCode(code);
    const user = userId ? await this.users.findById(userId) : null;
    if (!user) throw new AppError(ErrorCode.Unauthorized, AuthMessages.oauthCodeInvalid);
    assertActive(user);
    return user;
  }

  private expired() {
    return new AppError(ErrorCode.Unauthorized, AuthMessages.sessionExpired);
  }
}
