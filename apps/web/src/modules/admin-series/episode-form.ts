import {
  type Episode,
  type EpisodeInput,
  EpisodeInputSchema,
  type EpisodeUpdate,
  EpisodeUpdateSchema,
  type IntroMarkers,
  MAX_INTRO_SECONDS,
} from '@app/contracts';
import type { TFunction } from 'i18next';
import {
  changesBetween,
  dateInputValue,
  definedOnly,
  optionalNumber,
  optionalText,
  requiredNumber,
} from './form-input';
import {
  istInputToIso,
  istInputValue,
  scheduleErrors,
  scheduleMessages,
  withoutEmptySchedule,
} from '@web/modules/admin-movies/schedule-time';
import type { adminSeriesStrings } from './strings';

type T = TFunction<'adminSeries'>;
type Messages = Readonly<Record<keyof typeof adminSeriesStrings.episodeErrors, string>>;

export type EpisodeFormValues = {
  number: string;
  title: string;
  overview: string;
  runtimeMinutes: string;
  airDate: string;
  stillUrl: string;
  /** Seconds from the episode's start, as typed; both empty means no intro. */
  introStart: string;
  introEnd: string;
  /** Issue 28: released then (IST `datetime-local`); '' for released now. */
  publishAt: string;
};
export type EpisodeFormField = keyof EpisodeFormValues;
export type EpisodeFormErrors = Partial<Record<EpisodeFormField, string>>;

export const emptyEpisodeForm = (number: number): EpisodeFormValues => ({
  number: String(number),
  title: '',
  overview: '',
  runtimeMinutes: '',
  airDate: '',
  stillUrl: '',
  introStart: '',
  introEnd: '',
  publishAt: '',
});

/** The form's fields: a schema issue about anything else shows nowhere. */
const EPISODE_FIELDS = Object.keys(emptyEpisodeForm(1)) as EpisodeFormField[];

export const episodeFormValuesOf = (episode: Episode): EpisodeFormValues => ({
  number: String(episode.number),
  title: episode.title,
  overview: episode.overview,
  runtimeMinutes: episode.runtimeMinutes === null ? '' : String(episode.runtimeMinutes),
  airDate: dateInputValue(episode.airDate),
  stillUrl: episode.stillUrl ?? '',
  introStart: episode.intro ? String(episode.intro.startSeconds) : '',
  introEnd: episode.intro ? String(episode.intro.endSeconds) : '',
  publishAt: istInputValue(episode.publishAt),
});

/** The next free episode number in a season: one after the highest. */
export const nextEpisodeNumber = (episodes: readonly Pick<Episode, 'number'>[]): number =>
  episodes.reduce((highest, episode) => Math.max(highest, episode.number), 0) + 1;

/** The markers as sent: null for none, 'partial' when only one of the two was given. */
const introOf = ({ introStart, introEnd }: EpisodeFormValues): IntroMarkers | null | 'partial' => {
  const start = introStart.trim();
  const end = introEnd.trim();
  if (!start && !end) return null;
  if (!start || !end) return 'partial';
  return { startSeconds: Number(start), endSeconds: Number(end) };
};

const wire = (values: EpisodeFormValues) => ({
  number: requiredNumber(values.number),
  title: values.title,
  // An overview may be emptied: '' is a valid overview.
  overview: values.overview.trim(),
  runtimeMinutes: optionalNumber(values.runtimeMinutes),
  airDate: optionalText(values.airDate),
  stillUrl: optionalText(values.stillUrl),
  intro: introOf(values),
  publishAt: istInputToIso(values.publishAt),
});

/** A publish time must lie ahead (the server also refuses one on an episode already out). */
const scheduleOf = (t: T, values: EpisodeFormValues, initial?: EpisodeFormValues): EpisodeFormErrors =>
  scheduleMessages(
    scheduleErrors(
      { status: 'draft', publishAt: values.publishAt, availableUntil: '' },
      initial && { publishAt: initial.publishAt, availableUntil: '' },
    ),
    t('scheduleErrors', { returnObjects: true }),
  );

/** Which field shows a schema issue, and with what text. */
const placeOf = (
  texts: Messages,
  issue: { path: readonly PropertyKey[] },
  intro: IntroMarkers | null | 'partial',
): [EpisodeFormField, string] | null => {
  const [field, marker] = issue.path;
  if (field !== 'intro') {
    return typeof field === 'string' && field in texts && EPISODE_FIELDS.includes(field as EpisodeFormField)
      ? [field as EpisodeFormField, texts[field as keyof typeof texts]]
      : null;
  }
  if (marker === 'startSeconds') return ['introStart', texts.introStart];
  if (marker === 'endSeconds') return ['introEnd', texts.introEnd];
  // The contract's one rule over both marks: the end after the start, and not too far after it.
  const tooLong =
    intro !== null &&
    intro !== 'partial' &&
    intro.endSeconds > intro.startSeconds &&
    intro.endSeconds - intro.startSeconds > MAX_INTRO_SECONDS;
  return ['introEnd', tooLong ? texts.introTooLong : texts.introOrder];
};

/** Adds each schema issue to the field that shows it (the first one a field gets stays). */
const withIssues = (
  texts: Messages,
  errors: EpisodeFormErrors,
  issues: readonly { path: readonly PropertyKey[] }[],
  intro: IntroMarkers | null | 'partial',
): EpisodeFormErrors => {
  for (const issue of issues) {
    const place = placeOf(texts, issue, intro);
    if (place) errors[place[0]] ??= place[1];
  }
  return errors;
};

/** Errors found before the schema: an intro needs both its marks. */
const partialIntro = (texts: Messages, values: EpisodeFormValues): EpisodeFormErrors =>
  introOf(values) === 'partial'
    ? { [values.introStart.trim() ? 'introEnd' : 'introStart']: texts.introBoth }
    : {};

/** A new episode, by the contract's EpisodeInputSchema (intro: "The intro must end after it starts"). */
export const validateNewEpisode = (
  t: T,
  values: EpisodeFormValues,
): { input: EpisodeInput } | { errors: EpisodeFormErrors } => {
  const { intro, overview, ...rest } = wire(values);
  const parsed = EpisodeInputSchema.safeParse(
    definedOnly({
      ...withoutEmptySchedule(rest),
      overview: overview || undefined,
      intro: intro === null || intro === 'partial' ? undefined : intro,
    }),
  );
  const texts = t('episodeErrors', { returnObjects: true });
  const errors = { ...scheduleOf(t, values), ...partialIntro(texts, values) };
  if (!parsed.success) return { errors: withIssues(texts, errors, parsed.error.issues, intro) };
  return Object.keys(errors).length ? { errors } : { input: parsed.data };
};

/** An edited episode: only what changed is sent; emptying both intro marks clears the intro (null). */
export const validateEpisodeChanges = (
  t: T,
  values: EpisodeFormValues,
  initial: EpisodeFormValues,
): { input: EpisodeUpdate } | { errors: EpisodeFormErrors } => {
  const next = wire(values);
  const before = wire(initial);
  // Half an intro is reported below and not sent.
  const intro = next.intro === 'partial' ? before.intro : next.intro;
  const { changes, cleared } = changesBetween({ ...next, intro }, before);
  const texts = t('episodeErrors', { returnObjects: true });
  const errors = { ...scheduleOf(t, values, initial), ...partialIntro(texts, values) };
  for (const field of cleared) errors[field as EpisodeFormField] ??= t('cannotClear');
  const parsed = EpisodeUpdateSchema.safeParse(changes);
  if (!parsed.success) return { errors: withIssues(texts, errors, parsed.error.issues, next.intro) };
  return Object.keys(errors).length ? { errors } : { input: parsed.data };
};
