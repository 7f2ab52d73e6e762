import {
  MovieAccess,
  type Series,
  type SeriesInput,
  SeriesInputSchema,
  SeriesUpdateSchema,
} from '@app/contracts';
import {
  descriptorList,
  emptyMovieForm,
  formValuesOf,
  type MovieFormValues,
} from '@web/modules/admin-movies/movie-form';
import {
  changesBetween,
  dateInputValue,
  definedOnly,
  nameList,
  optionalText,
  requiredNumber,
} from './form-input';
import {
  istInputToIso,
  type ScheduleField,
  scheduleErrors,
  scheduleMessages,
  withoutEmptySchedule,
} from '@web/modules/admin-movies/schedule-time';
import type { TFunction } from 'i18next';
import { fieldErrors } from '@web/shared/ui/form-check';
import type { adminSeriesStrings } from './strings';

/** What the series form's inputs hold: the movie form's, then the series' own; text, as typed. */
export type SeriesFormValues = MovieFormValues & {
  access: MovieAccess;
  firstAirDate: string;
  language: string;
  /** Comma-separated names. */
  creators: string;
  cast: string;
};
export type SeriesFormField = keyof typeof adminSeriesStrings.errors | ScheduleField;
export type SeriesFormErrors = Partial<Record<SeriesFormField, string>>;

export const emptySeriesForm: SeriesFormValues = {
  ...emptyMovieForm,
  access: MovieAccess.Free,
  firstAirDate: '',
  language: '',
  creators: '',
  cast: '',
};

/** An existing series in the form; a genre outside the form's list must be chosen again. */
export const seriesFormValuesOf = (series: Series): SeriesFormValues => ({
  ...formValuesOf(series),
  access: series.access,
  firstAirDate: dateInputValue(series.firstAirDate),
  language: series.language ?? '',
  creators: series.creators.join(', '),
  cast: series.cast.join(', '),
});

/** The form's values as the wire's types (what SeriesInputSchema checks). */
const candidate = (values: SeriesFormValues) => ({
  title: values.title,
  genre: values.genre,
  rating: requiredNumber(values.rating),
  posterUrl: values.posterUrl.trim(),
  description: values.description,
  // '' is no class: refused with the form's message rather than left out of an edit.
  classification: values.classification,
  descriptors: descriptorList(values.descriptors),
  // Issue 28: IST input as an instant; '' is null (no schedule), which an edit may send to clear one.
  publishAt: istInputToIso(values.publishAt),
  availableUntil: istInputToIso(values.availableUntil),
  status: values.status,
  access: values.access,
  firstAirDate: optionalText(values.firstAirDate),
  language: optionalText(values.language),
  creators: nameList(values.creators),
  cast: nameList(values.cast),
});

/**
 * The series form's rules, by the schemas the server enforces. An edit sends (and so checks) only what changed,
 * so a seeded series whose poster is an image-service path can be edited without retyping it.
 */
export const validateSeriesForm = (
  t: TFunction<'adminSeries'>,
  values: SeriesFormValues,
  initial?: SeriesFormValues,
): { input: Partial<SeriesInput> } | { errors: SeriesFormErrors } => {
  const next = candidate(values);
  const messages = t('errors', { returnObjects: true });
  const schedule = scheduleMessages(
    scheduleErrors(values, initial),
    t('scheduleErrors', { returnObjects: true }),
  );
  if (!initial) {
    const parsed = SeriesInputSchema.safeParse(withoutEmptySchedule(definedOnly(next)));
    if (parsed.success && Object.keys(schedule).length > 0) return { errors: schedule };
    return parsed.success ? { input: parsed.data } : { errors: fieldErrors(parsed.error.issues, messages) };
  }
  if (Object.keys(schedule).length > 0) return { errors: schedule };
  const { changes, cleared } = changesBetween(next, candidate(initial));
  const parsed = SeriesUpdateSchema.safeParse(changes);
  const errors: SeriesFormErrors = parsed.success ? {} : fieldErrors(parsed.error.issues, messages);
  for (const field of cleared) errors[field as SeriesFormField] ??= t('cannotClear');
  return parsed.success && cleared.length === 0 ? { input: parsed.data } : { errors };
};
