import type { HealthReport, ServiceName } from '@app/contracts';
import { ErrorCode, HealthStatus } from '@app/contracts';
import type { ServiceClient } from '@app/server-core';
import { AppError } from '@app/server-core';
import type { ServiceClients } from '../clients/service-clients';
import { GatewayHealthService } from './health.service';

const up: HealthReport = {
  status: HealthStatus.Up,
  components: { mongo: { status: HealthStatus.Up }, redis: { status: HealthStatus.Up } },
};

const clientsAnswering = (answers: Partial<Record<ServiceName, HealthReport | Error>>) => {
  const clients = Object.entries(answers).map(
    ([service, answer]) =>
      ({
        service,
        send: jest.fn(async () => {
          if (answer instanceof Error) throw answer;
          return answer;
        }),
      }) as unknown as ServiceClient,
  );
  return { all: () => clients } as unknown as ServiceClients;
};

describe('GatewayHealthService', () => {
  it('is up when every service reports up', async () => {
    const health = new GatewayHealthService(
      clientsAnswering({ 'auth-service': up, 'catalogue-service': up }),
    );
    expect(await health.check()).toEqual({
      status: HealthStatus.Up,
      components: {
        'auth-service': { status: HealthStatus.Up },
        'catalogue-service': { status: HealthStatus.Up },
      },
    });
  });

  it("says in a viewer's words which feature is unavailable when its service does not answer", async () => {
    const health = new GatewayHealthService(
      clientsAnswering({
        'auth-service': up,
        'catalogue-service': new AppError(ErrorCode.ServiceUnavailable, 'catalogue-service is unavailable'),
        'recommendation-service': new AppError(ErrorCode.ServiceTimeout, 'did not answer in time'),
      }),
    );
    const report = await health.check();
    expect(report.status).toBe(HealthStatus.Down);
    expect(report.components['catalogue-service']).toEqual({
      status: HealthStatus.Down,
      message: 'The catalogue is unavailable right now.',
    });
    expect(report.components['recommendation-service']).toEqual({
      status: HealthStatus.Down,
      message: 'Recommendations are unavailable right now.',
    });
    expect(report.components['auth-service']).toEqual({ status: HealthStatus.Up });
  });

  it('names the feature and the part that is down inside a service that answers', async () => {
    const redisDown: HealthReport = {
      status: HealthStatus.Down,
      components: {
        mongo: { status: HealthStatus.Up },
        redis: { status: HealthStatus.Down, message: 'connect ECONNREFUSED' },
      },
    };
    const health = new GatewayHealthService(clientsAnswering({ 'payment-service': redisDown }));
    expect((await health.check()).components['payment-service']).toEqual({
      status: HealthStatus.Down,
      message: 'Payments: redis down',
    });
  });
});
