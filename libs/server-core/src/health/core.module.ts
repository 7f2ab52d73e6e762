import { Controller, DynamicModule, Get, Module, Res } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { MongooseModule } from '@nestjs/mongoose';
import type { Response } from 'express';
import { healthPattern, HealthStatus, ServiceName } from '@app/contracts';
import { MongoModelsReady } from '../database/mongo-models-ready';
import { createRedisClient, REDIS_CLIENT, RedisLifecycle } from '../database/redis';
import { MetricsModule } from '../metrics/metrics.module';
import { HealthService } from './health.service';

export type CoreModuleOptions = {
  service: ServiceName;
  mongoUri: string;
  mongoDb: string;
  redisUrl: string;
};

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

/** What every service needs: its Mongo database, Redis, health over HTTP and RPC, Prometheus metrics. */
@Module({})
export class CoreModule {
  static forService(options: CoreModuleOptions): DynamicModule {
    return {
      module: CoreModule,
      global: true,
      imports: [
        MongooseModule.forRoot(options.mongoUri, {
          dbName: options.mongoDb,
          serverSelectionTimeoutMS: 5_000,
          autoIndex: true,
        }),
        MetricsModule,
      ],
      controllers: healthControllers(options.service),
      providers: [
        { provide: REDIS_CLIENT, useFactory: () => createRedisClient(options.redisUrl) },
        RedisLifecycle,
        MongoModelsReady,
        HealthService,
      ],
      exports: [REDIS_CLIENT, HealthService],
    };
  }
}
