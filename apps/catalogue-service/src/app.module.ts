import { DynamicModule, Module } from '@nestjs/common';
import { CoreModule, EventsModule } from '@app/server-core';
import { Env } from './env';
import { MoviesModule } from './movies/movies.module';

@Module({})
export class AppModule {
  static register(env: Env): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CoreModule.forService({ service: 'catalogue-service', mongoUri: env.MONGODB_URI, mongoDb: env.MONGODB_DB, redisUrl: env.REDIS_URL }),
        EventsModule.forPublisher(),
        MoviesModule,
      ],
    };
  }
}
