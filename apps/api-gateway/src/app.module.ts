import { DynamicModule, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { MetricsModule } from '@app/server-core';
import { AuthClient } from './auth/auth.client';
import { SessionGuard } from './auth/session.guard';
import { SERVICE_CLIENTS, ServiceClients } from './clients/service-clients';
import { ENV, Env } from './env';
import { HealthController } from './health/health.controller';
import { GatewayHealthService } from './health/health.service';
import { ImagesController } from './images/images.controller';
import { CatalogueClient } from './movies/catalogue.client';
import { MoviesController } from './movies/movies.controller';

@Module({})
export class AppModule {
  static register(env: Env): DynamicModule {
    return {
      module: AppModule,
      imports: [MetricsModule],
      controllers: [HealthController, MoviesController, ImagesController],
      providers: [
        { provide: ENV, useValue: env },
        { provide: SERVICE_CLIENTS, useFactory: () => new ServiceClients(env) },
        AuthClient,
        { provide: APP_GUARD, useClass: SessionGuard },
        GatewayHealthService,
        CatalogueClient,
      ],
    };
  }
}
