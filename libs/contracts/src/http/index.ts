import { AdminMovieRoutes, MovieRoutes } from './movies.routes';
import { SeriesRoutes, AdminSeriesRoutes, ImageRoutes } from './series.routes';
import { AuthRoutes, AccountRoutes, GoogleRoutes, UserRoutes } from './auth.routes';
import { BillingRoutes } from './billing.routes';
import { PaymentRoutes, SubscriptionRoutes, AdminPaymentRoutes } from './payments.routes';
import { PlaybackRoutes, AdminMediaRoutes, RecommendationRoutes, HealthRoutes } from './playback.routes';
import { ProfileRoutes } from './profiles.routes';
import { AdminPromoRoutes, TrialRoutes } from './promos.routes';
import { ParentalRoutes } from './parental.routes';
import { DeviceRoutes } from './devices.routes';
import { AdminInsightsRoutes, QoeRoutes } from './insights.routes';
import { UserDataRoutes, DataRightsRoutes, ContactRoutes } from './user-data.routes';
import { ScheduleRoutes } from './schedule.routes';
import type { HttpRoute, RouteMapOf } from './route';

export * from './route';
export * from './replies';
export * from './movies.routes';
export * from './series.routes';
export * from './auth.routes';
export * from './payments.routes';
export * from './billing.routes';
export * from './playback.routes';
export * from './user-data.routes';
export * from './profiles.routes';
export * from './parental.routes';
export * from './devices.routes';
export * from './schedule.routes';
export * from './promos.routes';
export * from './insights.routes';

/**
 * Every route of the gateway, by group. Add a group here when you add a `*.routes.ts` file: the OpenAPI document,
 * the gateway's route check and the web client's types all read this one table.
 */
export const API_ROUTE_GROUPS = {
  MovieRoutes,
  AdminMovieRoutes,
  SeriesRoutes,
  AdminSeriesRoutes,
  ImageRoutes,
  AuthRoutes,
  AccountRoutes,
  GoogleRoutes,
  UserRoutes,
  DeviceRoutes,
  ProfileRoutes,
  ParentalRoutes,
  PaymentRoutes,
  SubscriptionRoutes,
  AdminPaymentRoutes,
  AdminPromoRoutes,
  TrialRoutes,
  BillingRoutes,
  QoeRoutes,
  PlaybackRoutes,
  AdminMediaRoutes,
  AdminInsightsRoutes,
  RecommendationRoutes,
  HealthRoutes,
  UserDataRoutes,
  DataRightsRoutes,
  ContactRoutes,
  ScheduleRoutes,
} as const;

export const API_ROUTES: readonly HttpRoute[] = Object.values(API_ROUTE_GROUPS).flatMap(
  (group): HttpRoute[] => Object.values(group),
);

/** Every route keyed by `METHOD path` (`'GET /api/movies/{id}'`): what the web client is checked against. */
export type ApiRouteMap = RouteMapOf<typeof API_ROUTE_GROUPS>;
export type ApiRouteKey = keyof ApiRouteMap;
