import type { DynamicModule } from '@nestjs/common';
import type { ServiceName } from '@app/contracts';
import { HealthStatus } from '@app/contracts';
import type { ServiceUnderTest } from './service-harness';
import { startServiceUnderTest, suiteInfra } from './service-harness';

type SuiteInfra = ReturnType<typeof suiteInfra>;

/**
 * The health contract every service keeps, as one jest suite: Mongo and Redis reported up over RPC (as the
 * gateway asks) and over HTTP, and Prometheus metrics that saw the RPC. `register` builds the service's module
 * from the suite's infrastructure (each service adds the env keys it requires).
 */
export const describeServiceHealth = (name: ServiceName, register: (infra: SuiteInfra) => DynamicModule) =>
  describe(`${name} against real MongoDB and Redis`, () => {
    let service: ServiceUnderTest;

    beforeAll(async () => {
      const infra = suiteInfra(name);
      service = await startServiceUnderTest(name, register(infra), infra.mongoUri);
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
      const live = await fetch(`${service.httpUrl}/health/live`);
      expect(await live.json()).toEqual({ status: HealthStatus.Up });
      const metrics = await (await fetch(`${service.httpUrl}/metrics`)).text();
      expect(metrics).toContain('process_cpu_user_seconds_total');
      expect(metrics).toContain(
        `request_duration_seconds_bucket{le="0.001",transport="rpc",route="${name}.health",outcome="ok"}`,
      );
    });
  });
