import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describeServiceHealth } from '@app/server-testing';
import { AppModule } from '../src/app.module';
import { envSchema } from '../src/env';

describeServiceHealth('user-data-service', (infra) =>
  AppModule.register(
    envSchema.parse({
      MONGODB_URI: infra.mongoUri,
      MONGODB_DB: infra.mongoDb,
      REDIS_URL: infra.redisUrl,
      // The health checks send no mail; a directory of its own all the same, never /tmp itself.
      OUTBOX_DIR: mkdtempSync(path.join(tmpdir(), 'user-data-health-')),
    }),
  ),
);
