import { Injectable } from '@nestjs/common';
import { Redis } from 'ioredis';
import { InjectRedis } from '@app/server-core';

const sessionKey = (sessionId: string) => `auth:session:${sessionId}`;
const oauthCodeKey = (code: string) => `auth:oauth-code:${code}`;

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

  async revoke(sessionId: string): Promise<void> {
    await this.redis.del(sessionKey(sessionId));
  }

  async saveOAuthCode(code: string, userId: string, ttlSeconds: number): Promise<void> {
    await this.redis.set(oauthCodeKey(code), userId, 'EX', ttlSeconds);
  }

  /** Single use: the code is gone once read. */
  takeOAuthCode(code: string): Promise<string | null> {
    return this.redis.getdel(oauthCodeKey(code));
  }
}
