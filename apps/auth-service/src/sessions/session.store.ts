import { Injectable } from '@nestjs/common';
import { Redis } from 'ioredis';
import { InjectRedis } from '@app/server-core';

const sessionKey = (sessionId: string) => `auth:session:${sessionId}`;
const oauthCodeKey = (code: string) => `auth:oauth-code:${code}`;

/** Who a one-time OAuth code signs in, and the browser it was handed to. */
export type IssuedOAuthCode = { userId: string; browserBindingHash: string };

/** Redis side of sessions: live session ids (logout deletes them) and one-time OAuth codes. */
@Injectable()
export class SessionStore {
  constructor(@InjectRedis() private readonly redis: Redis) {}

  async save(sessionId: string, userId: string, ttlSeconds: number): Promise<void> {
    await this.redis.set(sessionKey(sessionId), userId, 'EX', ttlSeconds);
  }

  userOf(sessionId: string): Promise<string | null> {
    return this.redis.get(sessionKey(sessionId));
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
