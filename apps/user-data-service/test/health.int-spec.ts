import { tmpdir } from 'node:os';
import { HealthStatus } from '@app/contracts';
import { startServiceUnderTest, ServiceUnderTest, suiteInfra } from '@app/server-testing';
import { AppModule } from '../src/app.module';
import { envSchema } from '../src/env';

describe('user-data-service against real MongoDB and Redis', () => {
  let service: ServiceUnderTest;

  beforeAll(async () => {
    const infra = suiteInfra('user-data-service');
    const env = envSchema.parse({ MONGODB_URI: infra.mongoUri, MONGODB_DB: infra.mongoDb, REDIS_URL: infra.redisUrl, OUTBOX_DIR: tmpdir() });
    service = await startServiceUnderTest('user-data-service', AppModule.register(env), infra.mongoUri);
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
    expect(metrics).toContain('request_duration_seconds_bucket{le="0.001",transport="rpc",route="user-data-service.health",outcome="ok"}');
  });
});
