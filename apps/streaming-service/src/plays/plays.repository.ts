import { Injectable } from '@nestjs/common';
import { Redis } from 'ioredis';
import type { EpisodeRef } from '@app/contracts';
import { EpisodeRefSchema } from '@app/contracts';
import { InjectRedis } from '@app/server-core';
import { z } from 'zod';

/** What a play is of, kept per lease for its QoE reports (issue 28). */
export type PlayRef = { movieId: string; episode: EpisodeRef | null };

const PlayRefSchema = z.object({ movieId: z.string(), episode: EpisodeRefSchema.nullable() });

/**
 * How long a started play accepts QoE reports: longer than any film plus pauses, short enough that the keys of an
 * account's plays stay few.
 */
export const PLAY_MEMORY_SECONDS = 12 * 3600;

/** Started plays in Redis (`streaming:plays:{userId}:{leaseId}`): the only code that knows these keys. */
@Injectable()
export class PlaysRepository {
  constructor(@InjectRedis() private readonly redis: Redis) {}

  /** Records the play of a lease just taken (idempotent: the same lease writes the same value). */
  async remember(userId: string, leaseId: string, play: PlayRef): Promise<void> {
    await this.redis.set(this.key(userId, leaseId), JSON.stringify(play), 'EX', PLAY_MEMORY_SECONDS);
  }

  /** The play of one of this account's leases; null for another account's lease, or one long gone. */
  async find(userId: string, leaseId: string): Promise<PlayRef | null> {
    const raw = await this.redis.get(this.key(userId, leaseId));
    if (!raw) return null;
    const parsed = PlayRefSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  }

  /** The account's hash tag keeps its keys in one Cluster slot, as the leases' do. */
  private key(userId: string, leaseId: string) {
    return `streaming:plays:{${userId}}:${leaseId}`;
  }
}
