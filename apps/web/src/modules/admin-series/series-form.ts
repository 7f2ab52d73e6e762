import {
  AdminGenres,
  MovieAccess,
  MovieStatus,
  type Series,
  type SeriesInput,
  SeriesInputSchema,
  SeriesUpdateSchema,
} from '@app/contracts';
import {
  changesBetween,
  dateInputValue,
  definedOnly,
  nameList,
  optionalText,
  requiredNumber,
} from './form-input';
import { adminSeriesStrings } from './strings';

/** What the series form's inputs hold: text, as typed. */
export type SeriesFormValues = {
  title: string;
  genre: string;
  rating: string;
  posterUrl: string;
  description: string;
  status: MovieStatus;
  access: MovieAccess;
  firstAirDate: string;
  language: string;
  /** Comma-separated names. */
  creators: string;
  cast: string;
};
export type SeriesFormField = keyof typeof adminSeriesStrings.errors;
export type SeriesFormErrors = Partial<Record<SeriesFormField, string>>;

export const emptySeriesForm: SeriesFormValues = {
  title: '',
  genre: '',
  rating: '',
  posterUrl: '',
  description: '',
  status: MovieStatus.Draft,
  access: MovieAccess.Free,
  firstAirDate: '',
  language: '',
  creators: '',
  cast: '',
};

/** An existing series in the form; a genre outside the form's list must be chosen again. */
export const seriesFormValuesOf = (series: Series): SeriesFormValues => ({
  title: series.title,
  genre: (AdminGenres as readonly string[]).includes(series.genre) ? series.genre : '',
  rating: series.rating === null ? '' : String(series.rating),
  posterUrl: series.posterUrl,
  description: series.description,
  status: series.status,
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
  status: values.status,
  access: values.access,
  firstAirDate: optionalText(values.firstAirDate),
  language: optionalText(values.language),
  creators: nameList(values.creators),
  cast: nameList(values.cast),
});

const errorsOf = (issues: readonly { path: readonly PropertyKey[] }[]): SeriesFormErrors => {
  const errors: SeriesFormErrors = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && field in adminSeriesStrings.errors)
      errors[field as SeriesFormField] ??= adminSeriesStrings.errors[field as SeriesFormField];
  }
  return errors;
};

/**
 * The series form's rules, by the schemas the server enforces. An edit sends (and so checks) only what changed,
 * so a seeded series whose poster is an image-service path can be edited without retyping it.
 */
export const validateSeriesForm = (
  values: SeriesFormValues,
  initial?: SeriesFormValues,
): { input: Partial<SeriesInput> } | { errors: SeriesFormErrors } => {
  const next = candidate(values);
  if (!initial) {
    const parsed = SeriesInputSchema.safeParse(definedOnly(next));
    return parsed.success ? { input: parsed.data } : { errors: errorsOf(parsed.error.issues) };
  }
  const { changes, cleared } = changesBetween(next, candidate(initial));
  const parsed = SeriesUpdateSchema.safeParse(changes);
  const errors: SeriesFormErrors = parsed.success ? {} : errorsOf(parsed.error.issues);
  for (const field of cleared) errors[field as SeriesFormField] ??= adminSeriesStrings.cannotClear;
  return parsed.success && cleared.length === 0 ? { input: parsed.data } : { errors };
};
