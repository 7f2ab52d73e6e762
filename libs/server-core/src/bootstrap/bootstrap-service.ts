import type { DynamicModule, INestApplication, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { MicroserviceOptions } from '@nestjs/microservices';
import { Transport } from '@nestjs/microservices';
import type { ServiceName } from '@app/contracts';
import { RequestContextModule } from '../context/request-context.module';
import type { ServiceEnv } from '../env/parse-env';
import { AllExceptionsFilter } from '../errors/all-exceptions.filter';
import { correlationId } from '../http/correlation-id.middleware';
import { JsonLogger } from '../logging/json-logger';

export type ServiceBootstrapOptions = {
  name: ServiceName;
  module: Type | DynamicModule;
  env: Pick<ServiceEnv, 'LOG_LEVEL' | 'TCP_HOST' | 'TCP_PORT' | 'HTTP_PORT'>;
};

/** The service's module beside the request context every service has (correlation id restored on each RPC). */
const withRequestContext = (module: Type | DynamicModule): DynamicModule => {
  class ServiceRootModule {}
  return { module: ServiceRootModule, imports: [RequestContextModule.forRoot(), module] };
};

/** Builds (without listening) the hybrid app: TCP microservice for the gateway plus HTTP for health, metrics and more. */
export const createServiceApp = async ({ name, module, env }: ServiceBootstrapOptions) => {
  const logger = new JsonLogger(name, env.LOG_LEVEL);
  const app = await NestFactory.create(withRequestContext(module), { logger, bodyParser: true });
  app.use(correlationId);
  app.useGlobalFilters(new AllExceptionsFilter());
  app.connectMicroservice<MicroserviceOptions>(
    { transport: Transport.TCP, options: { host: env.TCP_HOST, port: env.TCP_PORT } },
    { inheritAppConfig: true },
  );
  app.enableShutdownHooks();
  return app;
};

export const startServiceApp = async (app: INestApplication, { name, env }: ServiceBootstrapOptions) => {
  // Lifecycle hooks (indexes ready, event consumers started) run before either listener accepts work.
  await app.init();
  await app.startAllMicroservices();
  await app.listen(env.HTTP_PORT, env.TCP_HOST);
  new JsonLogger(name, env.LOG_LEVEL).log({ msg: 'ready', tcp: env.TCP_PORT, http: env.HTTP_PORT });
};

/** main.ts of every service: create, listen, log one ready line; exit non-zero if boot fails. */
export const bootstrapService = async (options: ServiceBootstrapOptions) => {
  const app = await createServiceApp(options);
  await startServiceApp(app, options);
  return app;
};
