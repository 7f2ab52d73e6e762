import { Controller, DynamicModule, Get, Module, Res } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { MongooseModule } from '@nestjs/mongoose';
import type { Response } from 'express';
import { healthPattern, HealthStatus, ServiceName } from '@app/contracts';
import { MongoModelsReady } from '../database/mongo-models-ready';
import { createRedisClient, REDIS_CLIENT, RedisLifecycle } from '../database/redis';
import { EnvModule } from '../env/env.module';
import { ServiceEnv } from '../env/parse-env';
import { HealthService } from '../health/health.service';
import { MetricsModule } from '../metrics/metrics.module';

/** What CoreModule itself reads; the whole `env` is what ENV provides. */
export type CoreEnv = Pick<ServiceEnv, 'MONGODB_URI' | 'MONGODB_DB' | 'REDIS_URL'>;

const healthControllers = (service: ServiceName) => {
  @Controller()
  class HealthHttpController {
    constructor(private readonly health: HealthService) {}

    @Get('health')
    async check(@Res() res: Response) {
      const report = await this.health.check();
      res.status(report.status === HealthStatus.Up ? 200 : 503).json(report);
    }
  }

  @Controller()
  class HealthRpcController {
    constructor(private readonly health: HealthService) {}

    @MessagePattern(healthPattern(service))
    check() {
      return this.health.check();
    }
  }

  return [HealthHttpController, HealthRpcController];
};

/**
 * What every service needs: its parsed environment as ENV (EnvModule), its Mongo database, Redis,
 * health over HTTP and RPC, Prometheus metrics. `AppModule.register(env)` imports `CoreModule.forService(name, env)`.
 */
@Module({})
export class CoreModule {
  static forService(service: ServiceName, env: CoreEnv): DynamicModule {
    return {
      module: CoreModule,
      global: true,
      imports: [
        EnvModule.forRoot(env),
        MongooseModule.forRoot(env.MONGODB_URI, {
          dbName: env.MONGODB_DB,
          serverSelectionTimeoutMS: 5_000,
          autoIndex: true,
        }),
        MetricsModule,
      ],
      controllers: healthControllers(service),
      providers: [
        { provide: REDIS_CLIENT, useFactory: () => createRedisClient(env.REDIS_URL) },
        RedisLifecycle,
        MongoModelsReady,
        HealthService,
      ],
      exports: [EnvModule, REDIS_CLIENT, HealthService],
    };
  }
}
