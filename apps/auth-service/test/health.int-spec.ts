import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describeServiceHealth } from '@app/server-testing';
import { AppModule } from '../src/app.module';
import { envSchema } from '../src/env';
import { TEST_SECRETS } from './auth-helpers';

describeServiceHealth('auth-service', (infra) =>
  AppModule.register(
    envSchema.parse({
      MONGODB_URI: infra.mongoUri,
      MONGODB_DB: infra.mongoDb,
      REDIS_URL: infra.redisUrl,
      OUTBOX_DIR: mkdtempSync(path.join(tmpdir(), 'outbox-')),
      ...TEST_SECRETS,
    }),
  ),
);
