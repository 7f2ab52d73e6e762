import { DynamicModule, Module } from '@nestjs/common';
import { CoreModule } from '@app/server-core';
import { Env } from './env';

@Module({})
export class AppModule {
  static register(env: Env): DynamicModule {
    return {
      module: AppModule,
      imports: [CoreModule.forService('streaming-service', env)],
    };
  }
}
