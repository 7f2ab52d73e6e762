import { Injectable } from '@nestjs/common';
import { Redis } from 'ioredis';
import { InjectRedis } from '@app/server-core';

const usedKey = (ticketId: string) => `upload-ticket:used:${ticketId}`;

/** Which upload tickets were used, in Redis: the only code that knows their keys. */
@Injectable()
export class UploadTicketsRepository {
  constructor(@InjectRedis() private readonly redis: Redis) {}

  /**
   * Marks the ticket used, atomically (SET NX): true for the first caller only. Kept until the ticket expires;
   * after that its expiry refuses it anyway.
   */
  async use(ticketId: string, expiresAt: Date, now: Date): Promise<boolean> {
    const ttlMs = Math.max(1, expiresAt.getTime() - now.getTime());
    return (await this.redis.set(usedKey(ticketId), now.toISOString(), 'PX', ttlMs, 'NX')) === 'OK';
  }
}
