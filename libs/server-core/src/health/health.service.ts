import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { Redis } from 'ioredis';
import { ComponentHealth, HealthReport, HealthStatus } from '@app/contracts';
import { InjectRedis } from '../database/redis';

const CHECK_TIMEOUT_MS = 1_000;

const withTimeout = <T>(work: Promise<T>, ms: number) =>
  Promise.race([
    work,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms).unref(),
    ),
  ]);

const probe = async (work: () => Promise<unknown>): Promise<ComponentHealth> => {
  try {
    await withTimeout(work(), CHECK_TIMEOUT_MS);
    return { status: HealthStatus.Up };
  } catch (error) {
    return { status: HealthStatus.Down, message: error instanceof Error ? error.message : String(error) };
  }
};

/** Pings this service's MongoDB and Redis; the report is served over HTTP and RPC alike. */
@Injectable()
export class HealthService {
  constructor(
    @InjectConnection() private readonly mongo: Connection,
    @InjectRedis() private readonly redis: Redis,
  ) {}

  async check(): Promise<HealthReport> {
    const [mongo, redis] = await Promise.all([
      probe(async () => {
        if (!this.mongo.db) throw new Error('not connected');
        await this.mongo.db.admin().ping();
      }),
      probe(() => this.redis.ping()),
    ]);
    const components = { mongo, redis };
    const up = Object.values(components).every((c) => c.status === HealthStatus.Up);
    return { status: up ? HealthStatus.Up : HealthStatus.Down, components };
  }
}
