import {
  type AdminMovie,
  AdminGenres,
  CONTENT_DESCRIPTORS,
  type ContentDescriptor,
  type MovieInput,
  MovieInputSchema,
  MovieStatus,
} from '@app/contracts';
import type { TFunction } from 'i18next';
import { fieldErrors } from '@web/shared/ui/form-check';
import {
  istInputToIso,
  istInputValue,
  scheduleErrors,
  scheduleMessages,
  withoutEmptySchedule,
} from './schedule-time';

/** What the form's inputs hold: text, as typed. */
export type MovieFormValues = {
  title: string;
  genre: string;
  rating: string;
  posterUrl: string;
  description: string;
  /** A class's wire value ('UA13'), '' until one is chosen. */
  classification: string;
  /** The checked descriptors' wire values, comma-separated in the contract's order ('violence,language'). */
  descriptors: string;
  /** Issue 28: `datetime-local` values read as IST; '' for none. */
  publishAt: string;
  availableUntil: string;
  status: MovieStatus;
};
export type MovieFormField = keyof Omit<MovieFormValues, 'status'>;
export type MovieFormErrors = Partial<Record<MovieFormField, string>>;

export const emptyMovieForm: MovieFormValues = {
  title: '',
  genre: '',
  rating: '',
  posterUrl: '',
  description: '',
  classification: '',
  descriptors: '',
  publishAt: '',
  availableUntil: '',
  status: MovieStatus.Draft,
};

/** The descriptors as the form holds them: in the contract's order, so the same set is the same text. */
export const descriptorsValue = (descriptors: readonly string[]): string =>
  CONTENT_DESCRIPTORS.filter((descriptor) => descriptors.includes(descriptor)).join(',');

/** The form's descriptors text as the wire's list. */
export const descriptorList = (value: string): ContentDescriptor[] =>
  value ? (value.split(',') as ContentDescriptor[]) : [];

/**
 * An existing title in the form (a series too, by the fields it shares with a movie); a genre outside the form's
 * list must be chosen again.
 */
export const formValuesOf = (
  movie: Pick<
    AdminMovie,
    | 'title'
    | 'genre'
    | 'rating'
    | 'posterUrl'
    | 'description'
    | 'status'
    | 'classification'
    | 'descriptors'
    | 'publishAt'
    | 'availableUntil'
  >,
): MovieFormValues => ({
  title: movie.title,
  genre: (AdminGenres as readonly string[]).includes(movie.genre) ? movie.genre : '',
  rating: movie.rating === null ? '' : String(movie.rating),
  posterUrl: movie.posterUrl,
  description: movie.description,
  classification: movie.classification,
  descriptors: descriptorsValue(movie.descriptors),
  publishAt: istInputValue(movie.publishAt),
  availableUntil: istInputValue(movie.availableUntil),
  status: movie.status,
});

/** Stands in for an unchanged stored poster path (seeded titles keep '/generated/…' paths) during validation. */
const KEPT_POSTER = 'https://kept.invalid/poster';

/**
 * SPEC 5 movie form rules, by the same schema the server enforces (a class is required: issue 25). Editing sends only what changed, so a
 * title whose stored poster is an image-service path can be edited without retyping it.
 */
export const validateMovieForm = (
  t: TFunction<'adminMovies'>,
  values: MovieFormValues,
  initial?: MovieFormValues,
): { input: Partial<MovieInput> } | { errors: MovieFormErrors } => {
  const posterKept = initial !== undefined && values.posterUrl === initial.posterUrl;
  const parsed = MovieInputSchema.safeParse({
    title: values.title,
    genre: values.genre,
    rating: values.rating.trim() === '' ? Number.NaN : Number(values.rating),
    posterUrl: posterKept ? KEPT_POSTER : values.posterUrl.trim(),
    description: values.description,
    classification: values.classification || undefined,
    descriptors: descriptorList(values.descriptors),
    publishAt: istInputToIso(values.publishAt),
    availableUntil: istInputToIso(values.availableUntil),
    status: values.status,
  });
  const schedule = scheduleMessages(
    scheduleErrors(values, initial),
    t('scheduleErrors', { returnObjects: true }),
  );
  if (parsed.success && Object.keys(schedule).length > 0) return { errors: schedule };
  if (parsed.success) {
    if (!initial) return { input: withoutEmptySchedule(parsed.data) };
    const changed = Object.fromEntries(
      (Object.keys(values) as (keyof MovieFormValues)[])
        .filter((key) => values[key] !== initial[key])
        .map((key) => [key, parsed.data[key]]),
    ) as Partial<MovieInput>;
    return { input: changed };
  }
  return { errors: fieldErrors(parsed.error.issues, t('errors', { returnObjects: true })) };
};
