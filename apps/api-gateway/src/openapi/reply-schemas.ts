import { z } from 'zod';
import { HealthStatus, MovieSchema, ReviewSchema, UserSchema } from '@app/contracts';
import type {
  AdminMovie,
  ContactReceipt,
  HealthReport,
  MessageResponse,
  MovieDetail,
  MovieRating,
  MovieSections,
  MovieWriteResult,
  Page,
  UserList,
  UserRemoved,
  UserUpdated,
} from '@app/contracts';

/**
 * The gateway's answers that `@app/contracts` types but has no zod schema for, composed from the contract
 * schemas it does have. The checks at the bottom fail the type check when a contract type changes and
 * these do not, so the document cannot drift from the types the gateway returns.
 */
const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1),
    total: z.number().int().min(0),
  });

export const MoviePageReply = pageOf(MovieSchema);
export const AdminMovieReply = MovieSchema.extend({ reviews: z.array(ReviewSchema) });
export const AdminMoviePageReply = pageOf(AdminMovieReply);
export const MovieDetailReply = MovieSchema.extend({ topReviews: z.array(ReviewSchema) });
export const MovieSectionsReply = z.object({
  hero: MovieSchema.nullable(),
  newlyLaunched: z.array(MovieSchema),
  topRated: z.array(MovieSchema),
  free: z.array(MovieSchema),
  premium: z.array(MovieSchema),
  popular: z.array(MovieSchema),
  trending: z.array(MovieSchema),
});
export const GenresReply = z.array(z.string());
export const MovieRatingReply = z.object({
  rating: z.string().meta({ description: "'N/A' when unknown" }),
  votes: z.string().nullable(),
  imdbId: z.string().nullable(),
});
export const MovieListReply = z.array(MovieSchema);
export const ReviewListReply = z.array(ReviewSchema);
export const MovieWriteReply = z.object({ data: MovieSchema, message: z.string().optional() });
export const MessageReply = z.object({ message: z.string() });
export const UserListReply = z.object({ success: z.literal(true), data: z.array(UserSchema) });
export const UserUpdatedReply = z.object({
  success: z.literal(true),
  data: UserSchema,
  message: z.string().optional(),
});
export const UserRemovedReply = z.object({ success: z.literal(true), message: z.string() });
export const ContactReceiptReply = z.object({ success: z.literal(true), message: z.string() });
const HealthStatusSchema = z.enum([HealthStatus.Up, HealthStatus.Down]);
export const HealthReportReply = z.object({
  status: HealthStatusSchema,
  components: z.record(z.string(), z.object({ status: HealthStatusSchema, message: z.string().optional() })),
});
export const LivenessReply = z.object({ status: z.literal(HealthStatus.Up) });
/** An ALTCHA challenge as altcha-lib makes it; the widget reads it, nobody else. */
export const CaptchaChallengeReply = z
  .looseObject({})
  .meta({ description: 'An ALTCHA v2 challenge (altcha-lib), for the altcha widget' });
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
