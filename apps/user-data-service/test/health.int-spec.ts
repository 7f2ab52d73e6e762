import { tmpdir } from 'node:os';
import { describeServiceHealth } from '@app/server-testing';
import { AppModule } from '../src/app.module';
import { envSchema } from '../src/env';

describeServiceHealth('user-data-service', (infra) =>
  AppModule.register(
    envSchema.parse({
      MONGODB_URI: infra.mongoUri,
      MONGODB_DB: infra.mongoDb,
      REDIS_URL: infra.redisUrl,
      OUTBOX_DIR: tmpdir(),
    }),
  ),
);
