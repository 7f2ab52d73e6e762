import { createHash } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { PARENTAL_SITTING_MS } from '@app/contracts';
import { InjectRedis } from '@app/server-core';

export type Sitting = { sessionId: string; titleId: string };

/**
 * Issue 25: a parental PIN given for a title holds for a sitting of that session (its next episodes do not ask
 * again). Keyed by a digest of the stored PIN's hash too, so a new PIN ends every sitting at once. Redis away: no
 * sitting is found (the PIN is asked), none is lost that matters.
 */
@Injectable()
export class ParentalSittingsStore {
  private readonly logger = new Logger(ParentalSittingsStore.name);

  constructor(@InjectRedis() private readonly redis: Redis) {}

  async open(accountId: string, pinHash: string, sitting: Sitting): Promise<void> {
    await this.redis
      .set(this.key(accountId, pinHash, sitting), '1', 'PX', PARENTAL_SITTING_MS)
      .catch((error: unknown) =>
        this.logger.warn({
          msg: 'parental sitting not kept',
          error: error instanceof Error ? error.message : String(error),
        }),
      );
  }

  async holds(accountId: string, pinHash: string, sitting: Sitting): Promise<boolean> {
    try {
      return (await this.redis.exists(this.key(accountId, pinHash, sitting))) === 1;
    } catch {
      return false;
    }
  }

  private key(accountId: string, pinHash: string, { sessionId, titleId }: Sitting) {
    const pin = createHash('sha256').update(pinHash).digest('hex').slice(0, 16);
    return `parental:sitting:${accountId}:${pin}:${sessionId}:${titleId}`;
  }
}
