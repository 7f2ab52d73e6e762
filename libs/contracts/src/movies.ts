import { z } from 'zod';
import { IdempotencyKeySchema, ObjectIdSchema, TenPointRatingSchema } from './common';
import { PageQuerySchema } from './pagination';
import { CONTENT_DESCRIPTORS, Classification, ContentDescriptor } from './classification';
import { ScheduleInputFields } from './schedule';

export * from './classification';

export const ClassificationMessages = {
  required: 'Classification is required (U, U/A 7+, U/A 13+, U/A 16+ or A)',
  unknown: 'Classification must be U, U/A 7+, U/A 13+, U/A 16+ or A',
} as const;

/** A title's class (IT Rules 2021, DECISIONS 37); the admin forms say what is missing or wrong. */
export const ClassificationSchema = z
  .enum(Classification, {
    error: (issue) =>
      issue.input === undefined || issue.input === null
        ? ClassificationMessages.required
        : ClassificationMessages.unknown,
  })
  .meta({ description: 'IT Rules 2021 class: U, UA7 (U/A 7+), UA13 (U/A 13+), UA16 (U/A 16+) or A' });
/** Its content descriptors: each at most once, none is a valid answer (nothing to warn of). */
export const ContentDescriptorsSchema = z
  .array(z.enum(ContentDescriptor), {
    error: 'Content descriptors are required (an empty list when there are none)',
  })
  .max(CONTENT_DESCRIPTORS.length)
  .refine((list) => new Set(list).size === list.length, 'Each content descriptor once')
  .meta({ description: 'What the title holds that viewers are warned of; [] when nothing' });

/** Genres the admin form offers (SPEC 5); imported and seeded titles may carry others. */
export const AdminGenres = ['Action', 'Comedy', 'Drama', 'Horror', 'Thriller'] as const;

export const MovieStatus = { Draft: 'draft', Published: 'published' } as const;
export type MovieStatus = (typeof MovieStatus)[keyof typeof MovieStatus];

export const MovieAccess = { Free: 'free', Premium: 'premium' } as const;
export type MovieAccess = (typeof MovieAccess)[keyof typeof MovieAccess];

/** DECISIONS 3. */
export const DEFAULT_PURCHASE_PRICE_INR = 1200;
export const DEFAULT_RENTAL_PRICE_INR = 500;
/** DECISIONS 5: premium when the rating is 8 or more. */
export const PREMIUM_RATING_THRESHOLD = 8;

export const accessForRating = (rating: number | null): MovieAccess =>
  rating !== null && rating >= PREMIUM_RATING_THRESHOLD ? MovieAccess.Premium : MovieAccess.Free;

/** What a movie and a series both show on a card and their pages; each extends it with its own fields. */
export const TitleCardSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  genre: z.string(),
  /** Primary genre first, then any secondary ones (e.g. 'Sci-Fi'). */
  genres: z.array(z.string()),
  /** 0–10 in steps of 0.1; null when unknown. */
  rating: z.number().min(0).max(10).nullable(),
  votes: z.number().int().nonnegative().nullable(),
  posterUrl: z.string(),
  status: z.enum(MovieStatus),
  /** Free or premium as a whole (for a series, every episode); premium needs a plan with premium content. */
  access: z.enum(MovieAccess),
  language: z.string().nullable(),
  cast: z.array(z.string()),
  tmdbId: z.number().int().nullable(),
  publishDate: z.string().nullable(),
  classification: ClassificationSchema,
  descriptors: ContentDescriptorsSchema,
  /** Issue 28: when a scheduled draft goes live, and when the licence ends (null: none). Optional for old fixtures. */
  publishAt: z.string().nullable().optional(),
  availableUntil: z.string().nullable().optional(),
  /**
   * The languages it can be heard and read in (issue 26), as its media's audio and subtitle renditions say
   * (`media.ready`; a series: any of its episodes). Optional so older fixtures stay valid.
   */
  audioLanguages: z.array(z.string()).optional(),
  subtitleLanguages: z.array(z.string()).optional(),
});
export type TitleCard = z.infer<typeof TitleCardSchema>;

export const MovieSchema = TitleCardSchema.extend({
  purchasePriceInr: z.number().int().positive(),
  rentalPriceInr: z.number().int().positive(),
  releaseDate: z.string().nullable(),
  runtimeMinutes: z.number().int().positive().nullable(),
  director: z.string().nullable(),
  imdbId: z.string().nullable(),
  budgetUsd: z.number().nonnegative().nullable(),
  revenueUsd: z.number().nonnegative().nullable(),
  writers: z.array(z.string()),
  awards: z.string().nullable(),
  /** The browse categories this title belongs to, derived from its genres (incl. 'Sci-Fi'). */
  category: z.array(z.string()),
  /**
   * Whether the title has playable media (`media.ready`); without it the web shows "Coming soon". Optional so
   * older fixtures stay valid; the catalogue always sets it.
   */
  mediaReady: z.boolean().optional(),
});
export type Movie = z.infer<typeof MovieSchema>;

export const MoviePatterns = {
  list: 'catalogue.movies.list',
  poster: 'catalogue.movies.poster',
  sections: 'catalogue.movies.sections',
  genres: 'catalogue.movies.genres',
  get: 'catalogue.movies.get',
  rating: 'catalogue.movies.rating',
  details: 'catalogue.movies.details',
  adminList: 'catalogue.movies.admin-list',
  create: 'catalogue.movies.create',
  update: 'catalogue.movies.update',
  publish: 'catalogue.movies.publish',
  remove: 'catalogue.movies.remove',
} as const;

/** Generated posters are served by the gateway's image route under this prefix. */
export const GENERATED_POSTER_PREFIX = '/generated/';

export const PosterRequestSchema = z.object({ id: ObjectIdSchema }).strict();
export type PosterRequest = z.infer<typeof PosterRequestSchema>;

/** The /category/{id} pages and the list filter. */
export const MovieCategories = ['action', 'comedy', 'drama', 'scifi'] as const;
export type MovieCategory = (typeof MovieCategories)[number];

export const MovieSorts = ['popular', 'newest', 'top-rated', 'title'] as const;
export type MovieSort = (typeof MovieSorts)[number];

/** A string query value that cannot be an operator object (`{"$gt": ""}`). */
const queryText = (max: number) => z.string().trim().max(max);

/** `GET /api/movies` and its RPC (`MoviePatterns.list`). */
export const ListMoviesQuerySchema = PageQuerySchema.extend({
  search: queryText(100).optional(),
  genre: queryText(40).optional(),
  category: z.enum(MovieCategories).optional(),
  access: z.enum(MovieAccess).optional(),
  sort: z.enum(MovieSorts).optional(),
  /** "Available in Hindi": titles with audio or subtitles in this language (ISO 639-1, issue 26). */
  language: z
    .string()
    .regex(/^[a-z]{2,3}$/, 'must be a language code such as hi')
    .optional(),
}).strict();
export type ListMoviesQuery = z.infer<typeof ListMoviesQuerySchema>;

/** `GET /api/movies/sections` */
export const MovieSectionsQuerySchema = z.object({ genre: queryText(40).optional() }).strict();
export type MovieSectionsQuery = z.infer<typeof MovieSectionsQuerySchema>;

export type MovieSections = {
  hero: Movie | null;
  newlyLaunched: Movie[];
  /** The first 10 (SPEC 9). */
  topRated: Movie[];
  /** Free titles rated 7 or less (DECISIONS 5). */
  free: Movie[];
  premium: Movie[];
  popular: Movie[];
  /** Filtered by the genre query. */
  trending: Movie[];
};

/** `GET /api/movies/:id/rating`: the server-side rating look-up (DECISIONS 14). */
export type MovieRating = { rating: string; votes: string | null; imdbId: string | null };

/** `POST /api/movie-details` */
export const MOVIE_DETAILS_MAX_IDS = 50;
export const MovieDetailsRequestSchema = z
  .object({ movieIds: z.array(ObjectIdSchema).max(MOVIE_DETAILS_MAX_IDS) })
  .strict();
export type MovieDetailsRequest = z.infer<typeof MovieDetailsRequestSchema>;

/** A list of people (writers, creators, cast) in an admin form. */
export const namesInput = (max: number) => z.array(z.string().trim().min(1).max(200)).max(max);

/** The fields the admin movie and series forms share (SPEC 5); each form extends it and is strict. */
export const TitleInputSchema = z.object({
  title: z.string().trim().min(1).max(200),
  description: z.string().trim().min(1).max(5000),
  genre: z.enum(AdminGenres),
  rating: TenPointRatingSchema,
  posterUrl: z.url({ protocol: /^https?$/ }).max(2000),
  status: z.enum(MovieStatus).optional(),
  access: z.enum(MovieAccess).optional(),
  language: z.string().trim().min(1).max(40).optional(),
  cast: namesInput(100).optional(),
  classification: ClassificationSchema,
  descriptors: ContentDescriptorsSchema,
  /** Issue 28: validated against the stored title by catalogue-service (`scheduleProblem`). */
  ...ScheduleInputFields,
});

/**
 * SPEC 5 movie form, enforced by the admin form and the server alike. `idempotencyKey` (the Add press's, see
 * IdempotencyKeySchema) makes an Add sent twice (a double click, a retry) one title: the second answers the first.
 */
export const MovieInputSchema = TitleInputSchema.extend({
  purchasePriceInr: z.number().int().positive().max(100_000).optional(),
  rentalPriceInr: z.number().int().positive().max(100_000).optional(),
  releaseDate: z.iso.date().optional(),
  runtimeMinutes: z.number().int().positive().max(1000).optional(),
  director: z.string().trim().min(1).max(200).optional(),
  writers: namesInput(50).optional(),
  idempotencyKey: IdempotencyKeySchema.optional(),
}).strict();
export type MovieInput = z.infer<typeof MovieInputSchema>;
/** An edit sets fields (the same edit twice leaves the same title): it has no key. */
export const MovieUpdateSchema = MovieInputSchema.omit({ idempotencyKey: true }).partial().strict();
export type MovieUpdate = z.infer<typeof MovieUpdateSchema>;

/** `GET /api/admin/movies` */
export const AdminMoviesQuerySchema = PageQuerySchema.extend({
  status: z.enum(MovieStatus).optional(),
  search: queryText(100).optional(),
}).strict();
export type AdminMoviesQuery = z.infer<typeof AdminMoviesQuerySchema>;

/** The answers of the admin writes. */
export type MovieWriteResult = { data: Movie; message?: string };

export const MovieMessages = {
  imageNotFound: 'Image not found',
  notFound: 'Movie not found',
  added: 'Movie added successfully',
  updated: 'Movie updated successfully',
  onlyDraftsPublish: 'Only drafts can be published',
} as const;

/** The genre each category link lists. */
export const CategoryGenre: Record<MovieCategory, string> = {
  action: 'Action',
  comedy: 'Comedy',
  drama: 'Drama',
  scifi: 'Sci-Fi',
};

/** The categories a title belongs to, from its genres. */
export const categoriesOf = (genres: readonly string[]): MovieCategory[] =>
  MovieCategories.filter((category) => genres.includes(CategoryGenre[category]));

/** Lists of the user home and landing (SPEC 2 and 9, DECISIONS 5 and 13). */
export const SECTION_SIZE = 20;
export const TOP_RATED_SIZE = 10;
/** Free Movies lists free titles rated up to this. */
export const FREE_MAX_RATING = 7;

/** Cards show this until a rating is known (DECISIONS 14). */
export const RATING_NOT_AVAILABLE = 'N/A';

/** RPC payloads of the catalogue service. */
export const MovieIdSchema = z.object({ id: ObjectIdSchema }).strict();
export type MovieId = z.infer<typeof MovieIdSchema>;

/** A movie read: drafts are visible to admins only. */
export const GetMoviePayloadSchema = z.object({ id: ObjectIdSchema, asAdmin: z.boolean() }).strict();
export type GetMoviePayload = z.infer<typeof GetMoviePayloadSchema>;

export const UpdateMoviePayloadSchema = z.object({ id: ObjectIdSchema, changes: MovieUpdateSchema }).strict();
export type UpdateMoviePayload = z.infer<typeof UpdateMoviePayloadSchema>;
