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

/**
 * While MongoDB is away, an operation fails within about a second and the exception filter answers 503 (one place
 * recognises the driver's errors: database/mongo-unavailable.ts); the same process serves again once it is back.
 * - `bufferCommands: false`: Mongoose would queue operations while it sees the server lost and fail them only after
 *   its 10 s buffer timeout. Unbuffered, each goes to the driver: refused at once (MongoNetworkError) until the driver
 *   marks the server lost, then failed after the selection timeout (MongoServerSelectionError); the same for every
 *   topology (Mongoose tracks standalone and replica sets, not mongos). Safe because no model is used before the
 *   connection is open: the connection provider resolves first.
 * - `serverSelectionTimeoutMS`: the longest an operation waits for a usable server. While one is known, selection is
 *   immediate; a lost one is re-checked at once by the next operation (at most every 500 ms), so a server that is
 *   back is found within that wait. A replica-set election longer than this is answered 503 too ("try again").
 * - `heartbeatFrequencyMS`: how soon an idle process notices the server left or returned (10 s by default).
 */
const MONGO_FAIL_FAST = {
  bufferCommands: false,
  serverSelectionTimeoutMS: 1_000,
  heartbeatFrequencyMS: 2_000,
};

/**
 * A service started before its database waits for it: Nest's MongooseModule retries the first connection, each
 * attempt bounded by the selection timeout above, so about 25 × (1 s + 2 s) ≈ 75 s before boot gives up (it was
 * 9 × (5 s + 3 s) with the defaults). The orchestrator restarts a process that gives up.
 */
const MONGO_BOOT_WAIT = { retryAttempts: 25, retryDelay: 2_000 };

/** What CoreModule itself reads; the whole `env` is what ENV provides. */
export type CoreEnv = Pick<ServiceEnv, 'MONGODB_URI' | 'MONGODB_DB' | 'REDIS_URL'>;

const healthControllers = (service: ServiceName) => {
  @Controller()
  class HealthHttpController {
    constructor(private readonly health: HealthService) {}

    /** Readiness: up only while MongoDB and Redis answer. */
    @Get('health')
    async check(@Res() res: Response) {
      const report = await this.health.check();
      res.status(report.status === HealthStatus.Up ? 200 : 503).json(report);
    }

    /**
     * Liveness: the process answers (it listens only once booted). It leaves the database out on purpose: a
     * database outage must not make the orchestrator restart every replica, which then recover by themselves.
     */
    @Get('health/live')
    live() {
      return { status: HealthStatus.Up };
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
          autoIndex: true,
          ...MONGO_FAIL_FAST,
          ...MONGO_BOOT_WAIT,
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
