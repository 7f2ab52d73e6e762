import type { DynamicModule, INestApplication, Type } from '@nestjs/common';
import { HttpAdapterHost, NestFactory } from '@nestjs/core';
import type { CustomStrategy } from '@nestjs/microservices';
import type { ServiceName } from '@app/contracts';
import { serviceBusyMessage } from '@app/contracts';
import { admissionSettings } from '../admission/admission-env';
import { RequestContextModule } from '../context/request-context.module';
import type { ServiceEnv } from '../env/parse-env';
import { AllExceptionsFilter } from '../errors/all-exceptions.filter';
import { correlationId } from '../http/correlation-id.middleware';
import { JsonLogger } from '../logging/json-logger';
import { MetricsModule } from '../metrics/metrics.module';
import { MetricsService } from '../metrics/metrics.service';
import { natsSettings } from '../rpc/nats';
import { type RpcAdmission, RpcServer } from '../rpc/rpc-server';

export type ServiceBootstrapOptions = {
  name: ServiceName;
  module: Type | DynamicModule;
  env: Pick<
    ServiceEnv,
    'LOG_LEVEL' | 'HTTP_HOST' | 'HTTP_PORT' | 'NATS_URL' | 'NATS_USER' | 'NATS_PASSWORD'
  > &
    // A parsed env always has them (defaults); an env a test writes by hand without them admits everything.
    Partial<
      Pick<
        ServiceEnv,
        'ADMISSION_MAX_IN_FLIGHT' | 'ADMISSION_MAX_QUEUED' | 'ADMISSION_MAX_EVENT_LOOP_DELAY_MS'
      >
    >;
  /** Tests only: answer on subjects of its own (see `RpcServer`). */
  subjectPrefix?: string;
};

/**
 * The service's module beside what every service has: the request context (correlation id restored on each RPC)
 * and metrics (its CoreModule imports them too; Nest makes one of a module imported twice).
 */
const withServiceBasics = (module: Type | DynamicModule): DynamicModule => {
  class ServiceRootModule {}
  return { module: ServiceRootModule, imports: [RequestContextModule.forRoot(), MetricsModule, module] };
};

/** The service's admission control, its refusals counted in its metrics. */
const rpcAdmission = (
  metrics: MetricsService,
  name: ServiceName,
  env: ServiceBootstrapOptions['env'],
): RpcAdmission | undefined => {
  const { ADMISSION_MAX_IN_FLIGHT, ADMISSION_MAX_QUEUED, ADMISSION_MAX_EVENT_LOOP_DELAY_MS } = env;
  if (ADMISSION_MAX_IN_FLIGHT === undefined || ADMISSION_MAX_QUEUED === undefined) return undefined;
  return {
    limits: admissionSettings({
      ADMISSION_MAX_IN_FLIGHT,
      ADMISSION_MAX_QUEUED,
      ADMISSION_MAX_EVENT_LOOP_DELAY_MS,
    }),
    busyMessage: serviceBusyMessage(name),
    onShed: (reason) => metrics.shedRequests.inc({ transport: 'rpc', reason }),
  };
};

/**
 * Builds (without listening) the hybrid app: a NATS listener in the service's queue group for the gateway's
 * requests, plus HTTP for health, metrics and more.
 */
export const createServiceApp = async ({ name, module, env, subjectPrefix }: ServiceBootstrapOptions) => {
  const logger = new JsonLogger(name, env.LOG_LEVEL);
  const app = await NestFactory.create(withServiceBasics(module), { logger, bodyParser: true });
  app.use(correlationId);
  app.useGlobalFilters(new AllExceptionsFilter(app.get(HttpAdapterHost)));
  const metrics = app.get(MetricsService);
  const server = new RpcServer(name, natsSettings(env), {
    subjectPrefix,
    admission: rpcAdmission(metrics, name, env),
    onAnswered: (route, outcome, seconds) =>
      metrics.requestDuration.observe({ transport: 'rpc', route, outcome }, seconds),
  });
  app.connectMicroservice<CustomStrategy>({ strategy: server }, { inheritAppConfig: true });
  app.enableShutdownHooks();
  return app;
};

export const startServiceApp = async (app: INestApplication, { name, env }: ServiceBootstrapOptions) => {
  // Lifecycle hooks (indexes ready, event consumers started) run before either listener accepts work.
  await app.init();
  await app.startAllMicroservices();
  await app.listen(env.HTTP_PORT, env.HTTP_HOST);
  new JsonLogger(name, env.LOG_LEVEL).log({ msg: 'ready', queue: name, http: env.HTTP_PORT });
};

/** main.ts of every service: create, listen, log one ready line; exit non-zero if boot fails. */
export const bootstrapService = async (options: ServiceBootstrapOptions) => {
  const app = await createServiceApp(options);
  await startServiceApp(app, options);
  return app;
};
