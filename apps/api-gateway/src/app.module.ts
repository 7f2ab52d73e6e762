import { DynamicModule, Module } from '@nestjs/common';
import { APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import { ENV, EnvModule, MetricsModule, RequestContextModule } from '@app/server-core';
import { AccountsController } from './auth/accounts.controller';
import { AuthClient } from './auth/auth.client';
import { AuthController } from './auth/auth.controller';
import { GoogleController } from './auth/google.controller';
import { GoogleAuthGuard } from './auth/google/google-auth.guard';
import { GOOGLE_OPTIONS, googleOptionsFrom } from './auth/google/google-options';
import { GoogleStrategy } from './auth/google/google.strategy';
import { sessionCacheProvider } from './auth/session.cache';
import { DevicesController } from './auth/devices.controller';
import { ParentalClient } from './auth/parental.client';
import { ParentalController } from './auth/parental.controller';
import { ProfilesController } from './auth/profiles.controller';
import { SessionGuard } from './auth/session.guard';
import { UsersController } from './auth/users.controller';
import { AdminMoviesController } from './catalogue/admin-movies.controller';
import { CatalogueClient } from './catalogue/catalogue.client';
import { PublicCatalogue } from './catalogue/public-catalogue';
import { ImagesController } from './catalogue/images.controller';
import { MoviesController } from './catalogue/movies.controller';
import { AdminSeriesController } from './catalogue/admin-series.controller';
import { SeriesController } from './catalogue/series.controller';
import { SERVICE_CLIENTS, ServiceClients } from './clients/service-clients';
import type { Env } from './env';
import { replyChecksEnabled } from './env';
import { HealthController } from './health/health.controller';
import { GatewayHealthService } from './health/health.service';
import { AdminPaymentsController } from './payments/admin-payments.controller';
import { AdminPromosController } from './payments/admin-promos.controller';
import { TrialController } from './payments/trial.controller';
import { BillingController } from './payments/billing.controller';
import { PaymentClient } from './payments/payment.client';
import { PaymentsController } from './payments/payments.controller';
import { SubscriptionController } from './payments/subscription.controller';
import { TitleAccessService } from './payments/title-access.service';
import { AdminInsightsController } from './recommendations/admin-insights.controller';
import { InsightsClient } from './recommendations/insights.client';
import { RecommendationClient } from './recommendations/recommendation.client';
import { RecommendationsController } from './recommendations/recommendations.controller';
import { AdminMediaController } from './streaming/admin-media.controller';
import { HeldEntitlements } from './payments/held-entitlements';
import { HeartbeatService } from './streaming/heartbeat.service';
import { PlaybackController } from './streaming/playback.controller';
import { PlaybackService } from './streaming/playback.service';
import { QoeClient } from './streaming/qoe.client';
import { QoeController } from './streaming/qoe.controller';
import { ClientRateLimitGuard } from './rate-limit/client-rate-limit.guard';
import { GatewayRedisModule, RateLimitModule } from './rate-limit/rate-limit.module';
import { StreamingClient } from './streaming/streaming.client';
import { ContactController } from './user-data/contact.controller';
import { ContactService } from './user-data/contact.service';
import { DataRightsController } from './user-data/data-rights.controller';
import { DataRightsService } from './user-data/data-rights.service';
import { FavoritesService } from './user-data/favorites.service';
import { UserDataClient } from './user-data/user-data.client';
import { UserDataController } from './user-data/user-data.controller';
import { MetricsPort } from './web/metrics-port';
import { RouteInputGuard } from './routes/route-input.guard';
import { RouteReplyInterceptor } from './routes/route-reply.interceptor';
import { RemindersService } from './schedule/reminders.service';
import { ScheduleClient } from './schedule/schedule.client';
import { ScheduleController } from './schedule/schedule.controller';

@Module({})
export class AppModule {
  static register(env: Env): DynamicModule {
    return {
      module: AppModule,
      imports: [
        EnvModule.forRoot(env),
        RequestContextModule.forRoot(),
        MetricsModule,
        GatewayRedisModule.register(env.REDIS_URL),
        RateLimitModule.register(env),
      ],
      controllers: [
        ContactController,
        HealthController,
        MoviesController,
        AdminMoviesController,
        SeriesController,
        AdminSeriesController,
        ImagesController,
        BillingController,
        AuthController,
        AccountsController,
        GoogleController,
        UsersController,
        ProfilesController,
        ParentalController,
        DevicesController,
        PaymentsController,
        SubscriptionController,
        AdminPaymentsController,
        AdminPromosController,
        TrialController,
        // Before PlaybackController: `POST /api/playback/qoe` is not a title id.
        QoeController,
        PlaybackController,
        AdminMediaController,
        AdminInsightsController,
        UserDataController,
        DataRightsController,
        RecommendationsController,
        ScheduleController,
      ],
      providers: [
        { provide: SERVICE_CLIENTS, useFactory: () => new ServiceClients(env) },
        AuthClient,
        ParentalClient,
        sessionCacheProvider,
        // Derived from ENV once, here: the guard and the passport strategy both read it.
        { provide: GOOGLE_OPTIONS, inject: [ENV], useFactory: googleOptionsFrom },
        GoogleAuthGuard,
        ...(env.GOOGLE_CLIENT_ID ? [GoogleStrategy] : []),
        { provide: APP_GUARD, useClass: SessionGuard },
        // After the session guard: a signed-in caller is counted by account.
        { provide: APP_GUARD, useClass: ClientRateLimitGuard },
        // The last guard: input parsed and own account checked by each handler's route.
        { provide: APP_GUARD, useClass: RouteInputGuard },
        // Replies checked by their route, outside production: in production no interceptor wraps a handler.
        ...(replyChecksEnabled(env) ? [{ provide: APP_INTERCEPTOR, useClass: RouteReplyInterceptor }] : []),
        ContactService,
        GatewayHealthService,
        PublicCatalogue,
        CatalogueClient,
        UserDataClient,
        PaymentClient,
        TitleAccessService,
        StreamingClient,
        PlaybackService,
        HeldEntitlements,
        HeartbeatService,
        DataRightsService,
        FavoritesService,
        RecommendationClient,
        ScheduleClient,
        RemindersService,
        InsightsClient,
        QoeClient,
        MetricsPort,
      ],
    };
  }
}
