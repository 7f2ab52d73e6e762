import {
  type Season,
  type SeasonInput,
  SeasonInputSchema,
  type SeasonUpdate,
  SeasonUpdateSchema,
} from '@app/contracts';
import type { TFunction } from 'i18next';
import { changesBetween, dateInputValue, definedOnly, optionalText, requiredNumber } from './form-input';
import { fieldErrors } from '@web/shared/ui/form-check';
import type { adminSeriesStrings } from './strings';

export type SeasonFormValues = { number: string; title: string; overview: string; airDate: string };
export type SeasonFormField = keyof typeof adminSeriesStrings.seasonErrors;
export type SeasonFormErrors = Partial<Record<SeasonFormField, string>>;

export const emptySeasonForm = (number: number): SeasonFormValues => ({
  number: String(number),
  title: '',
  overview: '',
  airDate: '',
});

export const seasonFormValuesOf = (season: Season): SeasonFormValues => ({
  number: String(season.number),
  title: season.title,
  overview: season.overview,
  airDate: dateInputValue(season.airDate),
});

/** The next free season number: one after the highest. */
export const nextSeasonNumber = (seasons: readonly Pick<Season, 'number'>[]): number =>
  seasons.reduce((highest, season) => Math.max(highest, season.number), 0) + 1;

/** A new season: its number is required; an empty title becomes "Season {number}" on the server. */
export const validateNewSeason = (
  t: TFunction<'adminSeries'>,
  values: SeasonFormValues,
): { input: SeasonInput } | { errors: SeasonFormErrors } => {
  const parsed = SeasonInputSchema.safeParse(
    definedOnly({
      number: requiredNumber(values.number),
      title: optionalText(values.title),
      overview: optionalText(values.overview),
      airDate: optionalText(values.airDate),
    }),
  );
  return parsed.success
    ? { input: parsed.data }
    : { errors: fieldErrors(parsed.error.issues, t('seasonErrors', { returnObjects: true })) };
};

/** An edited season: its number stays (episodes hang on it); only what changed is sent. */
export const validateSeasonChanges = (
  t: TFunction<'adminSeries'>,
  values: SeasonFormValues,
  initial: SeasonFormValues,
): { input: SeasonUpdate } | { errors: SeasonFormErrors } => {
  const wire = (form: SeasonFormValues) => ({
    title: optionalText(form.title),
    // An overview may be emptied: '' is a valid overview.
    overview: form.overview.trim(),
    airDate: optionalText(form.airDate),
  });
  const { changes, cleared } = changesBetween(wire(values), wire(initial));
  const parsed = SeasonUpdateSchema.safeParse(changes);
  const errors: SeasonFormErrors = parsed.success
    ? {}
    : fieldErrors(parsed.error.issues, t('seasonErrors', { returnObjects: true }));
  for (const field of cleared) errors[field] ??= t('cannotClear');
  return parsed.success && cleared.length === 0 ? { input: parsed.data } : { errors };
};
