import { Injectable } from '@nestjs/common';
import { Redis } from 'ioredis';
import { InjectRedis } from '@app/server-core';

/** Solved ALTCHA challenges, kept until they expire, so one solution cannot be replayed. */
@Injectable()
export class CaptchaStore {
  constructor(@InjectRedis() private readonly redis: Redis) {}

  /** True the first time a challenge id is used, false on every replay. */
  async markUsed(challengeId: string, ttlSeconds: number): Promise<boolean> {
    return (
      (await this.redis.set(`auth:captcha-used:${challengeId}`, '1', 'EX', Math.max(1, ttlSeconds), 'NX')) ===
      'OK'
    );
  }
}
