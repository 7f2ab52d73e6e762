import { z } from 'zod';
import {
  AdminActionDecidedSchema,
  AdminActionListReplySchema,
  AdminActionPendingSchema,
  CaptchaChallengeSchema,
  MessageResponseSchema,
  UserPageSchema,
  UserSchema,
} from '../auth';
import type { MessageResponse, UserList, UserRemoved, UserUpdated } from '../auth';
import { AuditLogPageSchema } from '../audit';
import {
  MovieDetailSchema,
  MovieRatingSchema,
  MovieSectionsSchema,
  MovieWriteResultSchema,
  AdminMovieSchema,
} from '../movies-rpc';
import { ContactReceiptSchema } from '../contact';
import type { ContactReceipt } from '../contact';
import { MovieSchema } from '../movies';
import type { MovieRating, MovieSections, MovieWriteResult } from '../movies';
import { pageSchemaOf } from '../pagination';
import type { Page } from '../pagination';
import {
  AdminOrderSchema,
  AdminPaymentSchema,
  AdminSubscriptionSchema,
  AdminWebhookEventSchema,
  CheckoutConfigSchema,
  CheckoutSchema,
  EntitlementSchema,
  MismatchReportSchema,
  OwnedTitleSchema,
  PaymentRpc,
  PlanListSchema,
  SubscriptionViewSchema,
  VerifyPaymentResultSchema,
} from '../payments';
import { RecommendationRpc } from '../recommendations';
import { ReviewSchema } from '../reviews';
import type { AdminMovie, MovieDetail } from '../reviews';
import { HealthReportSchema } from '../rpc';
import {
  EpisodeContextSchema,
  EpisodeWriteResultSchema,
  SeriesDetailSchema,
  SeriesDetailWriteResultSchema,
  SeriesRpc,
  SeriesWriteResultSchema,
} from '../series';
import { HealthStatus } from '../services';
import type { HealthReport } from '../services';
import {
  ActiveStreamsSchema,
  MediaAssetSchema,
  PlaybackPreviewSchema,
  PlaybackSessionSchema,
  StreamingRpc,
  UploadTicketSchema,
} from '../streaming';
import { DataExportFileSchema, UserDataRpc } from '../user-data';

/**
 * The gateway's answers, named for the document: the contract schemas the services' replies are parsed
 * with, plus the envelopes SPEC wants that only the gateway adds. The checks at the bottom fail the type
 * check when a contract type changes and these do not, so the document cannot drift from the gateway. The route
 * descriptions (`*.routes.ts`) name them as their `ok` answers.
 */
export const MoviePageReply = pageSchemaOf(MovieSchema);
export const AdminMovieReply = AdminMovieSchema;
export const AdminMoviePageReply = pageSchemaOf(AdminMovieSchema);
export const MovieDetailReply = MovieDetailSchema;
export const MovieSectionsReply = MovieSectionsSchema;
export const GenresReply = z.array(z.string());
export const MovieRatingReply = MovieRatingSchema;
export const MovieListReply = z.array(MovieSchema);
export const ReviewListReply = z.array(ReviewSchema);
export const MovieWriteReply = MovieWriteResultSchema;
export const MessageReply = MessageResponseSchema;
export const UserListReply = UserPageSchema.extend({ success: z.literal(true) });
export const UserUpdatedReply = z.object({
  success: z.literal(true),
  data: UserSchema,
  message: z.string().optional(),
});
export const UserRemovedReply = z.object({ success: z.literal(true), message: z.string() });
// DECISIONS 34: a change to another admin waits for a second admin (202); the audit log
export const AdminActionPendingReply = AdminActionPendingSchema;
export const AdminActionDecidedReply = AdminActionDecidedSchema;
export const AdminActionListReply = AdminActionListReplySchema;
export const AuditLogPageReply = AuditLogPageSchema;
export const ContactReceiptReply = ContactReceiptSchema;
export const HealthReportReply = HealthReportSchema;
export const LivenessReply = z.object({ status: z.literal(HealthStatus.Up) });
export const CaptchaChallengeReply = CaptchaChallengeSchema.meta({
  description: 'An ALTCHA v2 challenge (altcha-lib), for the altcha widget',
});
// ---- payments ----
export const PlanListReply = z.object({ data: PlanListSchema });
export const CheckoutReply = CheckoutSchema;
export const CheckoutConfigReply = CheckoutConfigSchema;
export const VerifyPaymentReply = VerifyPaymentResultSchema;
export const WebhookAckReply = PaymentRpc.webhook.reply;
export const SubscriptionReply = z.object({ data: SubscriptionViewSchema.nullable() });
export const SubscriptionCancelledReply = z.object({ data: SubscriptionViewSchema, message: z.string() });
export const EntitlementReply = EntitlementSchema;
export const EntitlementListReply = PaymentRpc.entitlements.reply;
export const OwnedTitlesReply = z.object({ data: z.array(OwnedTitleSchema) });
export const AdminOrderPageReply = pageSchemaOf(AdminOrderSchema);
export const AdminPaymentPageReply = pageSchemaOf(AdminPaymentSchema);
export const AdminSubscriptionPageReply = pageSchemaOf(AdminSubscriptionSchema);
export const AdminWebhookEventPageReply = pageSchemaOf(AdminWebhookEventSchema);
export const MismatchReportReply = MismatchReportSchema;
export const AdminPaymentReply = AdminPaymentSchema;

// ---- playback and media ----
export const PlaybackSessionReply = PlaybackSessionSchema;
export const PlaybackPreviewReply = PlaybackPreviewSchema;
export const ActiveStreamsReply = ActiveStreamsSchema;
export const StreamStoppedReply = StreamingRpc.stop.reply;
export const MediaAssetReply = MediaAssetSchema;
export const UploadTicketReply = UploadTicketSchema;

export const SvgReply = z.string().meta({ description: 'An SVG document' });

// ---- compile-time: each reply schema describes exactly the contract type the gateway returns ----
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Assert<T extends true> = T;
export type ReplySchemasMatchContracts = [
  Assert<Same<z.output<typeof MoviePageReply>, Page<z.output<typeof MovieSchema>>>>,
  Assert<Same<z.output<typeof AdminMovieReply>, AdminMovie>>,
  Assert<Same<z.output<typeof MovieDetailReply>, MovieDetail>>,
  Assert<Same<z.output<typeof MovieSectionsReply>, MovieSections>>,
  Assert<Same<z.output<typeof MovieRatingReply>, MovieRating>>,
  Assert<Same<z.output<typeof MovieWriteReply>, MovieWriteResult>>,
  Assert<Same<z.output<typeof MessageReply>, MessageResponse>>,
  Assert<Same<z.output<typeof UserListReply>, UserList>>,
  Assert<Same<z.output<typeof UserUpdatedReply>, UserUpdated>>,
  Assert<Same<z.output<typeof UserRemovedReply>, UserRemoved>>,
  Assert<Same<z.output<typeof ContactReceiptReply>, ContactReceipt>>,
  Assert<Same<z.output<typeof HealthReportReply>, HealthReport>>,
];

// Viewer data (issue 11)
export const FavoriteListReply = UserDataRpc.listFavorites.reply;
export const FavoriteReply = UserDataRpc.addFavorite.reply;
export const HistoryPageReply = UserDataRpc.listHistory.reply;
export const ContinueWatchingReply = UserDataRpc.continueWatching.reply;
export const ViewerAnalyticsReply = UserDataRpc.analytics.reply;
export const ViewerSettingsReply = UserDataRpc.getSettings.reply;
export const DataExportReply = DataExportFileSchema;
export const RecommendationListReply = RecommendationRpc.recommend.reply;

// TV shows (issue 13)
export const SeriesPageReply = SeriesRpc.list.reply;
export const AdminSeriesPageReply = SeriesRpc.adminList.reply;
export const SeriesDetailReply = SeriesDetailSchema;
export const EpisodeContextReply = EpisodeContextSchema;
export const SeriesWriteReply = SeriesWriteResultSchema;
export const SeriesDetailWriteReply = SeriesDetailWriteResultSchema;
export const EpisodeWriteReply = EpisodeWriteResultSchema;
export const RemovedReply = SeriesRpc.remove.reply;
export const SeriesProgressReply = UserDataRpc.seriesProgress.reply;
