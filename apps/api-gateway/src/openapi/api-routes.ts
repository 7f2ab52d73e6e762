import { z } from 'zod';
import {
  AddFavoriteRequestSchema,
  ADMIN_ACTION_TTL_HOURS,
  AuthMessages,
  DeleteAccountRequestSchema,
  HistoryQuerySchema,
  UserHistoryItemParamsSchema,
  UserMovieParamsSchema,
  ViewerDataMessages,
  ViewerSettingsSchema,
  RecommendRequestSchema,
  SimilarQuerySchema,
  TrendingQuerySchema,
  HeartbeatRequestSchema,
  LeaseIdSchema,
  StartPlaybackRequestSchema,
  AdminMoviesQuerySchema,
  AdminPaymentsQuerySchema,
  ChangePlanRequestSchema,
  CreatePlanOrderRequestSchema,
  CreateTitleOrderRequestSchema,
  ENTITLEMENTS_MAX_IDS,
  EntitlementsRequestSchema,
  IDEMPOTENCY_KEY_HEADER,
  IdempotencyKeyHeadersSchema,
  PaymentMessages,
  RefundRequestSchema,
  VerifyPaymentRequestSchema,
  CaptchaConfigSchema,
  ChangeRoleRequestSchema,
  ContactRequestSchema,
  CreateReviewSchema,
  ForgotPasswordRequestSchema,
  ListMoviesQuerySchema,
  ListUsersQuerySchema,
  AdminActionIdParamsSchema,
  AuditLogQuerySchema,
  LoginRequestSchema,
  LoginResponseSchema,
  MovieDetailsRequestSchema,
  MovieIdSchema,
  MovieInputSchema,
  MovieSectionsQuerySchema,
  MovieUpdateSchema,
  OAuthExchangeRequestSchema,
  ObjectIdSchema,
  ResetPasswordRequestSchema,
  ReviewSchema,
  SessionTokenSchema,
  SetPasswordRequestSchema,
  SignupRequestSchema,
  UpdateUserRequestSchema,
  UserIdParamsSchema,
  UserSchema,
  VerifyEmailRequestSchema,
  VerifyOtpRequestSchema,
  AdminSeriesQuerySchema,
  EpisodeInputSchema,
  EpisodeUpdateSchema,
  ListSeriesQuerySchema,
  SeasonInputSchema,
  SeasonParamsSchema,
  SeasonUpdateSchema,
  SeriesInputSchema,
  SeriesMessages,
  SeriesUpdateSchema,
  UserSeriesParamsSchema,
} from '@app/contracts';
import { EpisodePathSchema, SeriesPathSchema } from '../catalogue/series.controller';
import type { NamedLimit } from '../rate-limit/rate-limits';
import {
  ActiveStreamsReply,
  HeartbeatReply,
  MediaAssetReply,
  PlaybackPreviewReply,
  PlaybackSessionReply,
  StreamStoppedReply,
  UploadTicketReply,
  AdminMoviePageReply,
  AdminOrderPageReply,
  AdminPaymentPageReply,
  AdminPaymentReply,
  AdminSubscriptionPageReply,
  AdminWebhookEventPageReply,
  CheckoutConfigReply,
  CheckoutReply,
  EntitlementListReply,
  EntitlementReply,
  MismatchReportReply,
  OwnedTitlesReply,
  PlanListReply,
  SubscriptionCancelledReply,
  SubscriptionReply,
  VerifyPaymentReply,
  WebhookAckReply,
  CaptchaChallengeReply,
  ContactReceiptReply,
  GenresReply,
  HealthReportReply,
  LivenessReply,
  MessageReply,
  MovieDetailReply,
  MovieListReply,
  MoviePageReply,
  MovieRatingReply,
  MovieSectionsReply,
  MovieWriteReply,
  ReviewListReply,
  SvgReply,
  UserListReply,
  UserRemovedReply,
  AdminActionDecidedReply,
  AdminActionListReply,
  AdminActionPendingReply,
  AuditLogPageReply,
  UserUpdatedReply,
  ContinueWatchingReply,
  DataExportReply,
  FavoriteListReply,
  FavoriteReply,
  HistoryPageReply,
  ViewerAnalyticsReply,
  ViewerSettingsReply,
  RecommendationListReply,
  AdminSeriesPageReply,
  EpisodeContextReply,
  EpisodeWriteReply,
  RemovedReply,
  SeriesDetailReply,
  SeriesDetailWriteReply,
  SeriesPageReply,
  SeriesProgressReply,
  SeriesWriteReply,
} from './reply-schemas';

/** Who may call: anyone (a token is optional), any signed-in account, or an admin. */
export type Access = 'public' | 'user' | 'admin';
export type HttpMethod = 'get' | 'post' | 'put' | 'delete';
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 429 | 500 | 503 | 504;
export type ApiTag =
  | 'movies'
  | 'series'
  | 'admin'
  | 'users'
  | 'auth'
  | 'contact'
  | 'images'
  | 'health'
  | 'payments'
  | 'playback'
  | 'viewer-data'
  | 'recommendations';

export type ApiResponse = {
  status: number;
  description: string;
  /** JSON unless `contentType` says otherwise; none for 204 and redirects. */
  schema?: z.ZodType;
  contentType?: string;
};

export type ApiRoute = {
  method: HttpMethod;
  /** OpenAPI form: `{id}` where the controller says `:id`. */
  path: string;
  tag: ApiTag;
  summary: string;
  access: Access;
  /** The schemas the controller's ZodPipes validate with. */
  params?: z.ZodObject;
  query?: z.ZodObject;
  /** Header parameters the handler reads and validates (`Idempotency-Key`): held to the handlers by openapi-routes.spec.ts. */
  headers?: z.ZodObject;
  body?: z.ZodType;
  ok: ApiResponse;
  /** Other answers that are not `{ code, message, correlationId }` errors (the health report's 503). */
  also?: ApiResponse[];
  /**
   * Errors this route answers beyond the ones the generator adds from its shape (400 with params, query or
   * body; 413 with a body; 401/403 unless public; 503/504 when it calls a service; 500 always), with why.
   */
  errors?: Partial<Record<ErrorStatus, string>>;
  /** False when params and query are documented but not validated (the handler reads them as they come: no 400). */
  validated?: false;
  /** False when the gateway answers alone, without calling a service (no 503/504 then). */
  upstream?: false;
  /**
   * Every route counts against the client's default budget (429 with Retry-After); this names the tighter budget
   * its handler also draws on, or is false when the route is not rate-limited at all. Held to the handlers'
   * @RateLimited() / @NotRateLimited() by openapi-routes.spec.ts.
   */
  rateLimit?: NamedLimit | false;
};

const movieId = MovieIdSchema;
const reviewParams = z.object({ id: ObjectIdSchema, reviewId: ObjectIdSchema }).strict();
/** Passport reads these; anything else in the query is ignored. */
const googleCallbackQuery = z.object({
  code: z.string().optional(),
  state: z.string().optional(),
  error: z.string().optional(),
});
/** Not validated by a schema: anything that is not a generated poster is 404. */
const posterParams = z.object({
  size: z.string().meta({ description: 'w92 … w1280, or original', examples: ['w500'] }),
  file: z.string().meta({ description: '`{movie id}.svg`', examples: ['65f0c0ffee0000000000abcd.svg'] }),
});

const json = (status: number, schema: z.ZodType, description = 'OK'): ApiResponse => ({
  status,
  schema,
  description,
});
const noContent: ApiResponse = { status: 204, description: 'Done' };
const movieNotFound = 'No published title with this id (drafts: admins only)';
/** DECISIONS 34, for the admin user routes. */
const lastActiveAdmin = 'the last active admin (never demoted, suspended, banned or removed)';
const banWaits = 'Banning another admin waits for a second admin';
const seriesNotFound = `${SeriesMessages.notFound} (drafts: admins only)`;
const episodeNotFound = `${SeriesMessages.episodeNotFound} (or its series is a draft: admins only)`;
const seasonNotFound = `${SeriesMessages.notFound}, or ${SeriesMessages.seasonNotFound}`;
const unverifiedEmail = `${AuthMessages.emailNotVerified} (DECISIONS 33: an unverified account cannot pay)`;
const idempotencyKeyErrors = `Invalid input, or the ${IDEMPOTENCY_KEY_HEADER} header and the body's idempotencyKey differ`;
/** A schema-valid request whose captcha does not pass: 403, never the 400 of input that breaks its schema. */
const captchaRefused = `${AuthMessages.captchaFailed}: the captcha (recaptchaToken) is missing, wrong, expired or already used`;
const signInErrors = {
  401: 'Invalid email or password',
  403: `${captchaRefused}; or the account is suspended or banned`,
  429: 'Too many attempts from this address, or for this email from this address (growing delays)',
} as const;
/**
 * An OTP that does not pass: 400 with SPEC's words (not 401, which the web app reads as "your session is over" on a
 * call that carried a token: a signed-in viewer mistyping a code must not be signed out).
 */
const otpErrors = {
  400: `Invalid input; ${AuthMessages.otpInvalid}; or ${AuthMessages.otpExpired} (none was requested, or it was used or timed out)`,
  429: 'Too many attempts from this address, or 5 attempts for this email (counted across resends)',
} as const;

/**
 * Every route the gateway serves, the one source of `/api/docs`. Add a route here when you add a handler
 * (openapi-routes.spec.ts fails until both agree), with the schemas its ZodPipes use.
 */
export const API_ROUTES: ApiRoute[] = [
  // ---- catalogue: browse, movie pages, reviews ----
  {
    method: 'get',
    path: '/api/movies',
    tag: 'movies',
    access: 'public',
    summary: 'Published titles, paginated: { data, page, pageSize, total }',
    query: ListMoviesQuerySchema,
    ok: json(200, MoviePageReply),
    rateLimit: 'browse',
  },
  {
    method: 'get',
    path: '/api/movies/sections',
    tag: 'movies',
    access: 'public',
    summary: 'Every list of the home page: hero, newlyLaunched, topRated, free, premium, popular, trending',
    query: MovieSectionsQuerySchema,
    ok: json(200, MovieSectionsReply),
    rateLimit: 'browse',
  },
  {
    method: 'get',
    path: '/api/movies/genres',
    tag: 'movies',
    access: 'public',
    summary: 'Genres of the published titles',
    ok: json(200, GenresReply),
  },
  {
    method: 'get',
    path: '/api/movies/{id}',
    tag: 'movies',
    access: 'public',
    summary: 'A title with its 5 newest reviews (drafts for admins only)',
    params: movieId,
    ok: json(200, MovieDetailReply),
    errors: { 404: movieNotFound },
  },
  {
    method: 'get',
    path: '/api/movies/{id}/rating',
    tag: 'movies',
    access: 'public',
    summary: "External rating: { rating ('N/A' when unknown), votes, imdbId }",
    params: movieId,
    ok: json(200, MovieRatingReply),
    errors: { 404: movieNotFound },
  },
  {
    method: 'get',
    path: '/api/movies/{id}/reviews',
    tag: 'movies',
    access: 'public',
    summary: 'Reviews of a title, newest first',
    params: movieId,
    ok: json(200, ReviewListReply),
    errors: { 404: movieNotFound },
  },
  {
    method: 'post',
    path: '/api/movies/{id}/reviews',
    tag: 'movies',
    access: 'user',
    summary: 'Review a title (one per user per title)',
    params: movieId,
    body: CreateReviewSchema,
    ok: json(201, ReviewSchema, 'Created'),
    errors: { 404: movieNotFound, 409: 'You have already reviewed this title' },
  },
  {
    method: 'delete',
    path: '/api/movies/{id}/reviews/{reviewId}',
    tag: 'movies',
    access: 'admin',
    summary: 'Admin: remove a review',
    params: reviewParams,
    ok: noContent,
    errors: { 404: 'No such review of this title' },
  },
  {
    method: 'post',
    path: '/api/movies',
    tag: 'movies',
    access: 'admin',
    summary:
      "Admin: add a title (a draft unless status is 'published'); the same idempotencyKey answers the same title",
    body: MovieInputSchema,
    ok: json(201, MovieWriteReply, 'Created'),
  },
  {
    method: 'put',
    path: '/api/movies/{id}',
    tag: 'movies',
    access: 'admin',
    summary: 'Admin: edit a title (partial)',
    params: movieId,
    body: MovieUpdateSchema,
    ok: json(200, MovieWriteReply),
    errors: { 404: 'Movie not found' },
  },
  {
    method: 'put',
    path: '/api/movies/{id}/publish',
    tag: 'movies',
    access: 'admin',
    summary: 'Admin: publish a draft',
    params: movieId,
    ok: json(200, MovieWriteReply),
    errors: { 404: 'Movie not found', 409: 'Only drafts can be published' },
  },
  {
    method: 'delete',
    path: '/api/movies/{id}',
    tag: 'movies',
    access: 'admin',
    summary: 'Admin: delete a title and its reviews',
    params: movieId,
    ok: noContent,
    errors: { 404: 'Movie not found' },
  },
  {
    method: 'post',
    path: '/api/movie-details',
    tag: 'movies',
    access: 'public',
    summary: 'Published titles by id (≤ 50), in the order asked; unknown ids skipped',
    body: MovieDetailsRequestSchema,
    ok: json(200, MovieListReply),
  },
  {
    method: 'get',
    path: '/api/admin/movies',
    tag: 'admin',
    access: 'admin',
    summary: 'Admin: every title (filter by status, search), each with its reviews',
    query: AdminMoviesQuerySchema,
    ok: json(200, AdminMoviePageReply),
  },

  // ---- TV shows (issue 13): series, seasons, episodes ----
  {
    method: 'get',
    path: '/api/series',
    tag: 'series',
    access: 'public',
    summary: 'Published series, paginated (search, genre, access, sort): { data, page, pageSize, total }',
    query: ListSeriesQuerySchema,
    ok: json(200, SeriesPageReply),
    rateLimit: 'browse',
  },
  {
    method: 'get',
    path: '/api/series/genres',
    tag: 'series',
    access: 'public',
    summary: 'Genres of the published series',
    ok: json(200, GenresReply),
  },
  {
    method: 'get',
    path: '/api/series/{id}',
    tag: 'series',
    access: 'public',
    summary: 'A series with its seasons in order, each with its episodes in order (drafts for admins only)',
    params: SeriesPathSchema,
    ok: json(200, SeriesDetailReply),
    errors: { 404: seriesNotFound },
  },
  {
    method: 'get',
    path: '/api/episodes/{id}',
    tag: 'series',
    access: 'public',
    summary:
      'What the player needs around an episode: { episode, series, next } (next is null after the last)',
    params: EpisodePathSchema,
    ok: json(200, EpisodeContextReply),
    errors: { 404: episodeNotFound },
  },
  {
    method: 'get',
    path: '/api/admin/series',
    tag: 'admin',
    access: 'admin',
    summary: 'Admin: every series, drafts included (filter by status, search)',
    query: AdminSeriesQuerySchema,
    ok: json(200, AdminSeriesPageReply),
  },
  {
    method: 'post',
    path: '/api/admin/series',
    tag: 'series',
    access: 'admin',
    summary:
      "Admin: add a series (a draft unless status is 'published'); the same idempotencyKey answers the same series → { data, message }",
    body: SeriesInputSchema,
    ok: json(201, SeriesWriteReply, 'Created'),
  },
  {
    method: 'put',
    path: '/api/admin/series/{id}',
    tag: 'series',
    access: 'admin',
    summary: 'Admin: edit a series (partial) → { data, message }',
    params: SeriesPathSchema,
    body: SeriesUpdateSchema,
    ok: json(200, SeriesWriteReply),
    errors: { 404: SeriesMessages.notFound },
  },
  {
    method: 'post',
    path: '/api/admin/series/{id}/publish',
    tag: 'series',
    access: 'admin',
    summary: 'Admin: publish a draft series, and so every episode in it → { data }',
    params: SeriesPathSchema,
    ok: json(200, SeriesWriteReply),
    errors: { 404: SeriesMessages.notFound, 409: SeriesMessages.onlyDraftsPublish },
  },
  {
    method: 'delete',
    path: '/api/admin/series/{id}',
    tag: 'series',
    access: 'admin',
    summary: 'Admin: delete a series with its seasons and episodes → { id }',
    params: SeriesPathSchema,
    ok: json(200, RemovedReply),
    errors: { 404: SeriesMessages.notFound },
  },
  {
    method: 'post',
    path: '/api/admin/series/{id}/seasons',
    tag: 'series',
    access: 'admin',
    summary: 'Admin: add a season → { data: the series with its seasons, message }',
    params: SeriesPathSchema,
    body: SeasonInputSchema,
    ok: json(201, SeriesDetailWriteReply, 'Created'),
    errors: { 404: SeriesMessages.notFound, 409: SeriesMessages.seasonExists },
  },
  {
    method: 'put',
    path: '/api/admin/series/{id}/seasons/{season}',
    tag: 'series',
    access: 'admin',
    summary: 'Admin: edit a season (partial; its number stays) → { data: the series with its seasons }',
    params: SeasonParamsSchema,
    body: SeasonUpdateSchema,
    ok: json(200, SeriesDetailWriteReply),
    errors: { 404: seasonNotFound },
  },
  {
    method: 'delete',
    path: '/api/admin/series/{id}/seasons/{season}',
    tag: 'series',
    access: 'admin',
    summary: 'Admin: delete a season and its episodes → { data: the series with its seasons }',
    params: SeasonParamsSchema,
    ok: json(200, SeriesDetailWriteReply),
    errors: { 404: seasonNotFound },
  },
  {
    method: 'post',
    path: '/api/admin/series/{id}/seasons/{season}/episodes',
    tag: 'series',
    access: 'admin',
    summary:
      'Admin: add an episode to a season (number unique in the season; intro markers optional) → { data, message }',
    params: SeasonParamsSchema,
    body: EpisodeInputSchema,
    ok: json(201, EpisodeWriteReply, 'Created'),
    errors: { 404: seasonNotFound, 409: SeriesMessages.episodeExists },
  },
  {
    method: 'put',
    path: '/api/admin/episodes/{id}',
    tag: 'series',
    access: 'admin',
    summary: 'Admin: edit an episode (partial; intro: null clears the markers) → { data }',
    params: EpisodePathSchema,
    body: EpisodeUpdateSchema,
    ok: json(200, EpisodeWriteReply),
    errors: { 404: SeriesMessages.episodeNotFound, 409: SeriesMessages.episodeExists },
  },
  {
    method: 'delete',
    path: '/api/admin/episodes/{id}',
    tag: 'series',
    access: 'admin',
    summary: 'Admin: delete an episode (its media goes with it) → { id }',
    params: EpisodePathSchema,
    ok: json(200, RemovedReply),
    errors: { 404: SeriesMessages.episodeNotFound },
  },

  // ---- accounts ----
  {
    method: 'post',
    path: '/api/signup',
    tag: 'auth',
    access: 'public',
    summary:
      "Creates an account → 201 { message: 'User registered successfully!' }; 409 when the email is taken",
    body: SignupRequestSchema,
    ok: json(201, MessageReply, 'Created'),
    errors: {
      409: 'Email is already registered',
      429: 'Too many sign-ups from this address or for this email',
    },
  },
  {
    method: 'get',
    path: '/api/user',
    tag: 'auth',
    access: 'user',
    summary: 'The signed-in user',
    ok: json(200, UserSchema),
    errors: { 404: 'User not found' },
  },
  {
    method: 'post',
    path: '/api/set-password',
    tag: 'auth',
    access: 'user',
    summary: 'First password of an account created by Google sign-in',
    body: SetPasswordRequestSchema,
    ok: json(200, MessageReply),
    errors: { 404: 'User not found', 409: 'A password is already set' },
  },
  {
    method: 'get',
    path: '/api/auth/captcha',
    tag: 'auth',
    access: 'public',
    summary:
      "Which captcha the login forms show: { provider: 'altcha', challengeUrl } or { provider: 'recaptcha', siteKey }",
    ok: json(200, CaptchaConfigSchema),
  },
  {
    method: 'get',
    path: '/api/auth/captcha/challenge',
    tag: 'auth',
    access: 'public',
    summary: 'A new ALTCHA challenge for the altcha widget',
    ok: json(200, CaptchaChallengeReply),
  },
  {
    method: 'post',
    path: '/api/auth/login',
    tag: 'auth',
    access: 'public',
    summary:
      'Sign in with email, password and the solved captcha (recaptchaToken) → { message, token, user }',
    body: LoginRequestSchema,
    ok: json(200, LoginResponseSchema),
    errors: signInErrors,
  },
  {
    method: 'post',
    path: '/api/auth/admin/login',
    tag: 'auth',
    access: 'public',
    summary: 'Admin sign-in: as login, and 403 "Admin access required" for a non-admin',
    body: LoginRequestSchema,
    ok: json(200, LoginResponseSchema),
    errors: {
      ...signInErrors,
      403: `${captchaRefused}; or Admin access required; or the account is suspended or banned`,
    },
  },
  {
    method: 'post',
    path: '/api/auth/logout',
    tag: 'auth',
    access: 'user',
    summary: 'Revokes the session of the token used',
    ok: noContent,
  },
  {
    method: 'post',
    path: '/api/auth/forgot-password',
    tag: 'auth',
    access: 'public',
    summary: 'Mails a 6-digit OTP; the same answer whether or not the email exists',
    body: ForgotPasswordRequestSchema,
    ok: json(200, MessageReply),
    errors: { 429: 'Too many OTP requests from this address or for this email' },
  },
  {
    method: 'post',
    path: '/api/auth/verify-otp',
    tag: 'auth',
    access: 'public',
    summary: 'Checks the OTP mailed by forgot-password',
    body: VerifyOtpRequestSchema,
    ok: json(200, MessageReply),
    errors: otpErrors,
  },
  {
    method: 'post',
    path: '/api/auth/reset-password',
    tag: 'auth',
    access: 'public',
    summary: 'Sets a new password with the OTP mailed by forgot-password',
    body: ResetPasswordRequestSchema,
    ok: json(200, MessageReply),
    errors: otpErrors,
  },
  {
    method: 'post',
    path: '/api/auth/oauth/exchange',
    tag: 'auth',
    access: 'public',
    summary:
      "Swaps the one-time code from /oauth-success?token=… (60 s, single use) for { token, user }; only from the browser whose HttpOnly binding cookie Google's callback set",
    body: OAuthExchangeRequestSchema,
    ok: json(200, SessionTokenSchema),
    errors: {
      401: 'The code is unknown, used or expired, or the browser lacks the binding cookie of its sign-in',
      403: 'The account is suspended or banned',
    },
  },
  {
    method: 'post',
    path: '/api/auth/verify-email',
    tag: 'auth',
    access: 'public',
    summary:
      'Verifies the account email with the token of the mailed link (/verify-email?token=…; 24 h, single use)',
    body: VerifyEmailRequestSchema,
    ok: json(200, MessageReply),
    errors: {
      400: `Invalid input, or ${AuthMessages.verificationLinkInvalid} (unknown, used, expired, or for an older address)`,
    },
  },
  {
    method: 'post',
    path: '/api/auth/verify-email/resend',
    tag: 'auth',
    access: 'user',
    summary: 'Mails a new verification link to the signed-in account',
    ok: json(200, MessageReply),
    errors: {
      404: 'User not found',
      409: 'The email is already verified',
      429: 'Too many verification mails for this email',
    },
  },
  {
    method: 'get',
    path: '/auth/google',
    tag: 'auth',
    access: 'public',
    summary: 'Browser redirect: starts Google sign-in (302 to Google)',
    ok: { status: 302, description: 'To Google' },
    errors: { 503: 'Google sign-in is not configured' },
    upstream: false,
  },
  {
    method: 'get',
    path: '/auth/google/callback',
    tag: 'auth',
    access: 'public',
    summary:
      "Google's redirect back: 302 to /oauth-success?token={one-time code}, or to /oauth-success alone when sign-in failed",
    query: googleCallbackQuery,
    ok: { status: 302, description: 'To /oauth-success' },
    errors: { 503: 'Google sign-in is not configured' },
    validated: false,
    upstream: false,
  },

  // ---- admin user management ----
  {
    method: 'get',
    path: '/api/users',
    tag: 'users',
    access: 'admin',
    summary: 'One page of users, newest first → { success, data, page, pageSize, total }',
    query: ListUsersQuerySchema,
    ok: json(200, UserListReply),
  },
  {
    method: 'put',
    path: '/api/users/{id}',
    tag: 'users',
    access: 'admin',
    summary: 'Edits username, email, status → { success, data, message }',
    params: UserIdParamsSchema,
    body: UpdateUserRequestSchema,
    ok: json(200, UserUpdatedReply),
    also: [json(202, AdminActionPendingReply, banWaits)],
    errors: {
      400: 'Invalid input, or a ban of an admin mixed with other edits',
      404: 'User not found',
      409: `The email is taken, an admin changing their own status, or ${lastActiveAdmin}`,
    },
  },
  {
    method: 'put',
    path: '/api/users/{id}/role',
    tag: 'users',
    access: 'admin',
    summary: 'Promotes or demotes → { success, data }; admins cannot demote themselves',
    params: UserIdParamsSchema,
    body: ChangeRoleRequestSchema,
    ok: json(200, UserUpdatedReply),
    also: [json(202, AdminActionPendingReply, 'Demoting another admin waits for a second admin')],
    errors: {
      404: 'User not found',
      409: `You cannot remove your own admin role, ${lastActiveAdmin}, or another request on this admin is open`,
    },
  },
  {
    method: 'delete',
    path: '/api/users/{id}',
    tag: 'users',
    access: 'admin',
    summary: 'Removes the user (emits user.deleted) → { success, message }; admins cannot remove themselves',
    params: UserIdParamsSchema,
    ok: json(200, UserRemovedReply),
    also: [json(202, AdminActionPendingReply, 'Removing another admin waits for a second admin')],
    errors: { 404: 'User not found', 409: `You cannot remove your own account, or ${lastActiveAdmin}` },
  },
  {
    method: 'get',
    path: '/api/admin/admin-actions',
    tag: 'users',
    access: 'admin',
    summary: 'Changes to admins waiting for a second admin (DECISIONS 34), newest first → { data }',
    ok: json(200, AdminActionListReply),
  },
  {
    method: 'post',
    path: '/api/admin/admin-actions/{id}/confirm',
    tag: 'users',
    access: 'admin',
    summary: 'A second admin confirms a waiting change, which then runs → { success, data, message }',
    params: AdminActionIdParamsSchema,
    ok: json(200, AdminActionDecidedReply),
    errors: {
      403: 'Admin access required, or the admin who asked confirming their own request',
      404: 'Admin action not found',
      409: `Already decided, expired (${ADMIN_ACTION_TTL_HOURS} h), or ${lastActiveAdmin}`,
    },
  },
  {
    method: 'post',
    path: '/api/admin/admin-actions/{id}/cancel',
    tag: 'users',
    access: 'admin',
    summary: 'The admin who asked, or another admin, cancels a waiting change → { success, data, message }',
    params: AdminActionIdParamsSchema,
    ok: json(200, AdminActionDecidedReply),
    errors: { 404: 'Admin action not found', 409: 'Already decided, or expired' },
  },
  {
    method: 'get',
    path: '/api/admin/audit-log',
    tag: 'users',
    access: 'admin',
    summary:
      'Admin actions on users, viewer data, money and titles (who, what, target, before/after, when, outcome), newest first, filtered by actor, target and action → { data, page, pageSize, total }',
    query: AuditLogQuerySchema,
    ok: json(200, AuditLogPageReply),
  },

  // ---- payments, plans and access (issue 9) ----
  {
    method: 'get',
    path: '/api/plans',
    tag: 'payments',
    access: 'public',
    summary: 'The plan catalogue (DECISIONS 1, 26) → { data }',
    ok: json(200, PlanListReply),
  },
  {
    method: 'get',
    path: '/api/payments/config',
    tag: 'payments',
    access: 'public',
    summary: 'Where Checkout loads from, the public key id and whether this is test mode',
    ok: json(200, CheckoutConfigReply),
  },
  {
    method: 'post',
    path: '/create-order',
    tag: 'payments',
    access: 'user',
    summary:
      'Subscribe to a plan: a Razorpay subscription for Checkout (amount from the plan, never the client); the same idempotency key returns the same one',
    headers: IdempotencyKeyHeadersSchema,
    body: CreatePlanOrderRequestSchema,
    ok: json(201, CheckoutReply, 'Created'),
    errors: {
      400: idempotencyKeyErrors,
      403: unverifiedEmail,
      409: 'Already subscribed to a plan (change it from the profile instead)',
    },
  },
  {
    method: 'post',
    path: '/api/payments/create-order',
    tag: 'payments',
    access: 'user',
    summary:
      "Watch Now (purchase) or Rent Now (rental): a Razorpay order at the title's price; the same idempotency key returns the same order",
    headers: IdempotencyKeyHeadersSchema,
    body: CreateTitleOrderRequestSchema,
    ok: json(201, CheckoutReply, 'Created'),
    errors: {
      400: `${idempotencyKeyErrors}, or a series or episode id: ${SeriesMessages.noTitleOrder}`,
      403: `${unverifiedEmail}, or a userId that is not the caller's`,
      404: movieNotFound,
      409: 'The title is free, already owned, or already rented',
    },
  },
  {
    method: 'post',
    path: '/api/payments/verify',
    tag: 'payments',
    access: 'user',
    summary:
      "Checkout's signed response: verified against our order, then access is granted → { message: 'Payment successful!' }",
    body: VerifyPaymentRequestSchema,
    ok: json(200, VerifyPaymentReply),
    errors: {
      400: `Invalid input; ${PaymentMessages.verificationFailed}; or ${PaymentMessages.otherTitle} (a movieId that is not the order's)`,
      403: "Another user's order, or a userId that is not the caller's",
      404: 'No such order or subscription',
    },
  },
  {
    method: 'post',
    path: '/api/payments/webhook',
    tag: 'payments',
    access: 'public',
    summary: "Razorpay's webhook: raw-body HMAC (x-razorpay-signature), deduplicated on x-razorpay-event-id",
    ok: json(200, WebhookAckReply),
    errors: { 400: 'Unsigned, wrongly signed or malformed' },
    validated: false,
    rateLimit: false,
  },
  {
    method: 'post',
    path: '/api/entitlements',
    tag: 'payments',
    access: 'user',
    summary: `The entitlement answer for each of up to ${ENTITLEMENTS_MAX_IDS} titles (a screen's cards), in the order asked; unknown ids skipped`,
    body: EntitlementsRequestSchema,
    ok: json(200, EntitlementListReply),
  },
  {
    method: 'get',
    path: '/api/entitlements/{id}',
    tag: 'payments',
    access: 'public',
    summary:
      'Can the caller watch this title, why, at what quality, on how many screens, and the ways in (a series or episode id: the whole series, plans only)',
    params: movieId,
    ok: json(200, EntitlementReply),
    errors: { 404: movieNotFound },
  },
  {
    method: 'get',
    path: '/api/users/{id}/subscription',
    tag: 'payments',
    access: 'user',
    summary:
      "The caller's plan now → { data } (null without one); the path id must be the caller's (or an admin)",
    params: UserIdParamsSchema,
    ok: json(200, SubscriptionReply),
  },
  {
    method: 'put',
    path: '/api/users/{id}/subscription',
    tag: 'payments',
    access: 'user',
    summary:
      'Change plan: Checkout for the new plan, which starts when the current period ends (DECISIONS 28)',
    params: UserIdParamsSchema,
    body: ChangePlanRequestSchema,
    ok: json(200, CheckoutReply),
    errors: { 403: unverifiedEmail, 404: 'No active subscription.', 409: 'Already on this plan' },
  },
  {
    method: 'delete',
    path: '/api/users/{id}/subscription',
    tag: 'payments',
    access: 'user',
    summary: 'Cancel at the end of the paid period → { data, message }; access stays until then',
    params: UserIdParamsSchema,
    ok: json(200, SubscriptionCancelledReply),
    errors: { 404: 'No active subscription.' },
  },
  {
    method: 'get',
    path: '/api/users/{id}/titles',
    tag: 'payments',
    access: 'user',
    summary: "My titles: the caller's purchases and rentals with both rental clocks → { data }",
    params: UserIdParamsSchema,
    ok: json(200, OwnedTitlesReply),
  },
  {
    method: 'post',
    path: '/api/recommend',
    tag: 'recommendations',
    access: 'public',
    summary:
      "SPEC's POST /recommend {user_id}: the caller's recommendations with a reason each; visitors and viewers without history get popular titles (DECISIONS 12)",
    body: RecommendRequestSchema,
    ok: json(200, RecommendationListReply),
    errors: {
      401: 'A user_id was sent without a valid token',
      403: "The user_id is another user's (only an admin may ask for it)",
    },
    rateLimit: 'browse',
  },
  {
    method: 'get',
    path: '/api/recommend/trending',
    tag: 'recommendations',
    access: 'public',
    summary: 'Trending Now: most watched in the last 7 days with time decay, falling back to popularity',
    query: TrendingQuerySchema,
    ok: json(200, RecommendationListReply),
    rateLimit: 'browse',
  },
  {
    method: 'get',
    path: '/api/movies/{id}/similar',
    tag: 'recommendations',
    access: 'public',
    summary:
      '"More like this": titles similar to this movie or series (co-watching blended with genre, director and cast); each item says its kind',
    params: movieId,
    query: SimilarQuerySchema,
    ok: json(200, RecommendationListReply),
    errors: { 404: 'The title is unknown or not published' },
    rateLimit: 'browse',
  },
  {
    method: 'get',
    path: '/api/users/{id}/favorites',
    tag: 'viewer-data',
    access: 'user',
    summary: "Favorites (= My List), newest first; the path id must be the caller's (or an admin)",
    params: UserIdParamsSchema,
    ok: json(200, FavoriteListReply),
  },
  {
    method: 'post',
    path: '/api/users/{id}/favorites',
    tag: 'viewer-data',
    access: 'user',
    summary: 'Add a published movie or series to favorites (idempotent: a second add answers the one there)',
    params: UserIdParamsSchema,
    body: AddFavoriteRequestSchema,
    ok: json(201, FavoriteReply, 'Added'),
    errors: { 404: ViewerDataMessages.movieNotFound },
  },
  {
    method: 'delete',
    path: '/api/users/{id}/favorites/{movieId}',
    tag: 'viewer-data',
    access: 'user',
    summary: 'Remove a title from favorites (idempotent)',
    params: UserMovieParamsSchema,
    ok: noContent,
  },
  {
    method: 'get',
    path: '/api/users/{id}/watch-history',
    tag: 'viewer-data',
    access: 'user',
    summary: 'Watch history, most recently watched first, with watch time (seconds) and progress',
    params: UserIdParamsSchema,
    query: HistoryQuerySchema,
    ok: json(200, HistoryPageReply),
  },
  {
    method: 'delete',
    path: '/api/users/{id}/watch-history/{itemId}',
    tag: 'viewer-data',
    access: 'user',
    summary: 'Remove a title from the history (its resume position goes with it)',
    params: UserHistoryItemParamsSchema,
    ok: noContent,
    errors: { 404: ViewerDataMessages.historyItemNotFound },
  },
  {
    method: 'get',
    path: '/api/users/{id}/continue-watching',
    tag: 'viewer-data',
    access: 'user',
    summary:
      'Continue Watching: up to 6 titles between 5 % and 90 % watched, most recent first (DECISIONS 10)',
    params: UserIdParamsSchema,
    ok: json(200, ContinueWatchingReply),
  },
  {
    method: 'delete',
    path: '/api/users/{id}/continue-watching/{movieId}',
    tag: 'viewer-data',
    access: 'user',
    summary: '"Remove from row": hidden until the title is played again; the position is kept',
    params: UserMovieParamsSchema,
    ok: noContent,
  },
  {
    method: 'get',
    path: '/api/users/{id}/series/{seriesId}/progress',
    tag: 'viewer-data',
    access: 'user',
    summary:
      "Progress in each episode of a series the viewer started (the series page's bars and its next-up button)",
    params: UserSeriesParamsSchema,
    ok: json(200, SeriesProgressReply),
  },
  {
    method: 'get',
    path: '/api/users/{id}/analytics',
    tag: 'viewer-data',
    access: 'user',
    summary: 'Watch time by genre and hours per month (last 6 months), from the real history (DECISIONS 11)',
    params: UserIdParamsSchema,
    ok: json(200, ViewerAnalyticsReply),
  },
  {
    method: 'get',
    path: '/api/users/{id}/settings',
    tag: 'viewer-data',
    access: 'user',
    summary: 'Notification and playback settings (defaults until saved)',
    params: UserIdParamsSchema,
    ok: json(200, ViewerSettingsReply),
  },
  {
    method: 'put',
    path: '/api/users/{id}/settings',
    tag: 'viewer-data',
    access: 'user',
    summary: 'Save notification and playback settings (DECISIONS 21)',
    params: UserIdParamsSchema,
    body: ViewerSettingsSchema,
    ok: json(200, ViewerSettingsReply),
  },
  {
    method: 'get',
    path: '/api/users/{id}/export',
    tag: 'viewer-data',
    access: 'user',
    summary:
      'Download my data: profile, history, favorites, settings, subscriptions and payments as one JSON file (own token only)',
    params: UserIdParamsSchema,
    ok: json(200, DataExportReply),
  },
  {
    method: 'post',
    path: '/api/users/{id}/delete-account',
    tag: 'viewer-data',
    access: 'user',
    summary:
      'Delete my account (own token only): the password confirms it, or a sign-in within 10 minutes without one; every service then erases or anonymises',
    params: UserIdParamsSchema,
    body: DeleteAccountRequestSchema,
    ok: noContent,
    errors: { 409: 'The last admin cannot be deleted' },
  },
  {
    method: 'get',
    path: '/api/admin/payments/orders',
    tag: 'admin',
    access: 'admin',
    summary:
      'Admin: purchase and rental orders with payer emails, newest first (filter by email, title, userId, status)',
    query: AdminPaymentsQuerySchema,
    ok: json(200, AdminOrderPageReply),
  },
  {
    method: 'get',
    path: '/api/admin/payments/payments',
    tag: 'admin',
    access: 'admin',
    summary:
      'Admin: payments with payer emails and titles, newest first (filter by email, title or plan, userId, status)',
    query: AdminPaymentsQuerySchema,
    ok: json(200, AdminPaymentPageReply),
  },
  {
    method: 'get',
    path: '/api/admin/payments/subscriptions',
    tag: 'admin',
    access: 'admin',
    summary: 'Admin: subscriptions with payer emails (filter by email, plan name as title, userId, status)',
    query: AdminPaymentsQuerySchema,
    ok: json(200, AdminSubscriptionPageReply),
  },
  {
    method: 'get',
    path: '/api/admin/payments/webhook-events',
    tag: 'admin',
    access: 'admin',
    summary: 'Admin: Razorpay webhook events as received and what became of them',
    query: AdminPaymentsQuerySchema,
    ok: json(200, AdminWebhookEventPageReply),
  },
  {
    method: 'get',
    path: '/api/admin/payments/mismatches',
    tag: 'admin',
    access: 'admin',
    summary:
      "Admin: paid without entitlement, entitlement without payment, payments made twice, and the reconciler's last run",
    ok: json(200, MismatchReportReply),
  },
  {
    method: 'post',
    path: '/api/admin/payments/refunds',
    tag: 'admin',
    access: 'admin',
    summary:
      'Admin: refund a purchase or rental payment (its entitlement is revoked when Razorpay confirms), or a duplicate plan charge (that subscription is cancelled now)',
    body: RefundRequestSchema,
    ok: json(200, AdminPaymentReply),
    errors: {
      400: 'A plan charge that is no duplicate (cancel the plan instead)',
      404: 'No such payment',
      409: 'Not refundable (failed, or already refunded)',
    },
  },

  // ---- playback and media (issue 10) ----
  {
    method: 'get',
    path: '/api/playback/{id}',
    tag: 'playback',
    access: 'user',
    summary:
      'Before playing: the same access checks as the start and the resume position, without taking a screen or starting a rental clock',
    params: movieId,
    ok: json(200, PlaybackPreviewReply),
    errors: {
      403: 'The viewer may not watch this title (the entitlement answer gives the ways in)',
      404: 'No published title',
    },
  },
  {
    method: 'post',
    path: '/api/playback/{id}',
    tag: 'playback',
    access: 'user',
    summary:
      'Start watching a movie or an episode: entitlement checked (an episode: its series), a screen taken, signed HLS and MP4 URLs, resume position, quality cap, rental clock (movies only)',
    params: movieId,
    body: StartPlaybackRequestSchema,
    ok: json(200, PlaybackSessionReply),
    errors: {
      403: 'The viewer may not watch this title (the entitlement answer gives the ways in)',
      404: 'No published title, or no media yet (Coming soon)',
      409: 'All your screens are in use. Stop a stream to watch here.',
    },
  },
  {
    method: 'post',
    path: '/api/playback/heartbeat',
    tag: 'playback',
    access: 'public',
    summary:
      "The player's position every 10 s and on pause, seek and exit (authenticated by the stream token; sendBeacon-friendly)",
    body: HeartbeatRequestSchema,
    ok: json(200, HeartbeatReply),
    errors: { 403: 'The stream token is invalid or expired' },
  },
  {
    method: 'get',
    path: '/api/playback/streams',
    tag: 'playback',
    access: 'user',
    summary: "The account's screens in use: device, title, started at",
    ok: json(200, ActiveStreamsReply),
  },
  {
    method: 'delete',
    path: '/api/playback/streams/{leaseId}',
    tag: 'playback',
    access: 'user',
    summary: 'Stop that stream: frees its screen; its player stops and says why',
    params: z.object({ leaseId: LeaseIdSchema }),
    ok: json(200, StreamStoppedReply),
  },
  {
    method: 'get',
    path: '/api/admin/media/{id}',
    tag: 'admin',
    access: 'admin',
    summary:
      "Admin: a movie's or an episode's media: status, transcode progress and ETA, renditions, duration",
    params: movieId,
    ok: json(200, MediaAssetReply),
  },
  {
    method: 'post',
    path: '/api/admin/media/{id}/upload',
    tag: 'admin',
    access: 'admin',
    summary:
      'Admin: a short-lived URL to PUT a video file to (/stream/upload/…); transcoding starts when it arrives',
    params: movieId,
    ok: json(200, UploadTicketReply),
  },
  {
    method: 'post',
    path: '/api/admin/media/{id}/retry',
    tag: 'admin',
    access: 'admin',
    summary: "Admin: run a failed title's transcode again",
    params: movieId,
    ok: json(200, MediaAssetReply),
    errors: { 409: 'Nothing to retry' },
  },

  // ---- the rest ----
  {
    method: 'post',
    path: '/api/contact',
    tag: 'contact',
    access: 'public',
    summary:
      'Contact form with a solved captcha (recaptchaToken, as at login): stored, then mailed to support. { success, message }',
    body: ContactRequestSchema,
    ok: json(200, ContactReceiptReply),
    errors: { 403: captchaRefused },
    rateLimit: 'contact',
  },
  {
    method: 'get',
    path: '/images/{size}/generated/{file}',
    tag: 'images',
    access: 'public',
    summary: 'A generated poster (SVG) for a seeded title',
    params: posterParams,
    ok: { status: 200, description: 'The poster', schema: SvgReply, contentType: 'image/svg+xml' },
    errors: { 404: 'Not a generated poster, or no such title' },
    validated: false,
  },
  {
    method: 'get',
    path: '/api/health',
    tag: 'health',
    access: 'public',
    summary: 'Health of every service; 503 naming the parts that are down',
    ok: json(200, HealthReportReply, 'Every service is up'),
    also: [json(503, HealthReportReply, 'Some service is down (named in components)')],
    upstream: false,
    rateLimit: false,
  },
  {
    method: 'get',
    path: '/api/health/live',
    tag: 'health',
    access: 'public',
    summary: 'The gateway process answers',
    ok: json(200, LivenessReply),
    upstream: false,
    rateLimit: false,
  },
];

/**
 * What the gateway serves outside the document, and why. Nest handlers are matched against `API_ROUTES`
 * by openapi-routes.spec.ts; the others are Express middleware, listed here so nothing is left out silently.
 */
export const UNDOCUMENTED_ROUTES: ReadonlyArray<{
  method: HttpMethod;
  path: string;
  nest: boolean;
  reason: string;
}> = [
  {
    method: 'get',
    path: '/metrics',
    nest: true,
    reason: 'Prometheus scrape endpoint inside the cluster; the ingress does not route it',
  },
  {
    method: 'get',
    path: '/stream/{path}',
    nest: false,
    reason: 'Byte-range proxy to the streaming service (video), not JSON',
  },
  {
    method: 'get',
    path: '/api/docs',
    nest: false,
    reason: 'This document (Swagger UI, /api/docs-json, /api/docs-yaml)',
  },
  {
    method: 'get',
    path: '/{path}',
    nest: false,
    reason: 'The web app (index.html fallback for client-side routes) when WEB_DIST_DIR is set',
  },
];
