import { describeServiceHealth } from '@app/server-testing';
import { AppModule } from '../src/app.module';
import { envSchema } from '../src/env';

describeServiceHealth('streaming-service', (infra) =>
  AppModule.register(
    envSchema.parse({
      MONGODB_URI: infra.mongoUri,
      MONGODB_DB: infra.mongoDb,
      REDIS_URL: infra.redisUrl,
      STREAM_TOKEN_SECRET: 'health-check-secret-of-thirty-two-chars',
    }),
  ),
);
