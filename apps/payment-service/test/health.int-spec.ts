import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describeServiceHealth } from '@app/server-testing';
import { AppModule } from '../src/app.module';
import { envSchema } from '../src/env';

describeServiceHealth('payment-service', (infra) =>
  AppModule.register(
    envSchema.parse({
      MONGODB_URI: infra.mongoUri,
      MONGODB_DB: infra.mongoDb,
      REDIS_URL: infra.redisUrl,
      RAZORPAY_KEY_ID: 'rzp_test_health',
      RAZORPAY_KEY_SECRET: 'health-key-secret',
      RAZORPAY_WEBHOOK_SECRET: 'health-webhook-secret',
      RECONCILE_EVERY_MS: '0',
      OUTBOX_DIR: mkdtempSync(path.join(tmpdir(), 'payments-health-')),
    }),
  ),
);
