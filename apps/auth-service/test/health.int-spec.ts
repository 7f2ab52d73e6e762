import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HealthStatus } from '@app/contracts';
import { startServiceUnderTest, ServiceUnderTest, suiteInfra } from '@app/server-testing';
import { AppModule } from '../src/app.module';
import { envSchema } from '../src/env';
import { TEST_SECRETS } from './auth-helpers';

describe('auth-service against real MongoDB and Redis', () => {
  let service: ServiceUnderTest;

  beforeAll(async () => {
    const infra = suiteInfra('auth-service');
    const env = envSchema.parse({ MONGODB_URI: infra.mongoUri, MONGODB_DB: infra.mongoDb, REDIS_URL: infra.redisUrl, OUTBOX_DIR: mkdtempSync(path.join(tmpdir(), 'outbox-')), ...TEST_SECRETS });
    service = await startServiceUnderTest('auth-service', AppModule.register(env), infra.mongoUri);
  });

  afterAll(() => service?.close());

  it('reports Mongo and Redis up over RPC, as the gateway asks', async () => {
    expect(await service.health()).toEqual({
      status: HealthStatus.Up,
      components: { mongo: { status: HealthStatus.Up }, redis: { status: HealthStatus.Up } },
    });
  });

  it('answers GET /health with 200 and serves Prometheus metrics', async () => {
    const health = await fetch(`${service.httpUrl}/health`);
    expect(health.status).toBe(200);
    const metrics = await (await fetch(`${service.httpUrl}/metrics`)).text();
    expect(metrics).toContain('process_cpu_user_seconds_total');
    expect(metrics).toContain('request_duration_seconds_bucket{le="0.001",transport="rpc",route="auth-service.health",outcome="ok"}');
  });
});
