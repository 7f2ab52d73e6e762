import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { startServiceUnderTest, suiteInfra, type ServiceUnderTest } from '@app/server-testing';
import { AppModule } from '../src/app.module';
import { envSchema, type Env } from '../src/env';
import { registerPlayable } from './asset-fixture';
import { writeFixtureAsset } from './media-fixture';

export type DeliverySuite = {
  service: ServiceUnderTest;
  /** The environment it runs with (its media store's settings included). */
  env: Env;
  /** A client of the service's Redis (its leases, the event stream). */
  redis: Redis;
  mediaDir: string;
  /** The fixture asset's MP4, as written. */
  mp4: Buffer;
  close(): Promise<void>;
};

/**
 * streaming-service for one delivery suite: a media dir of its own holding the fixture asset at `dir`, and `titles`
 * ready to play it (each for its own length).
 */
export const startDeliverySuite = async (
  name: string,
  dir: string,
  titles: Array<{ movieId: string; durationSeconds: number }>,
  extraEnv: Record<string, string> = {},
): Promise<DeliverySuite> => {
  const infra = suiteInfra(name);
  const mediaDir = await mkdtemp(path.join(tmpdir(), `${name}-`));
  const { mp4 } = await writeFixtureAsset(mediaDir, dir);
  const env = envSchema.parse({
    MONGODB_URI: infra.mongoUri,
    MONGODB_DB: infra.mongoDb,
    REDIS_URL: infra.redisUrl,
    MEDIA_DIR: mediaDir,
    STREAM_TOKEN_SECRET: randomBytes(32).toString('hex'),
    ...extraEnv,
  });
  const service = await startServiceUnderTest('streaming-service', AppModule.register(env), infra.mongoUri);
  const redis = new Redis(infra.redisUrl);
  for (const title of titles) await registerPlayable(service.app, { ...title, dir });
  return {
    service,
    env,
    redis,
    mediaDir,
    mp4,
    close: async () => {
      await redis.quit();
      await service.close();
      await rm(mediaDir, { recursive: true, force: true });
    },
  };
};
