import { scheduleProblem, ScheduleMessages } from '@app/contracts';
import { formatIndianMoment } from '@web/shared/i18n/format';

/** India Standard Time: UTC+05:30 all year (no daylight saving), the zone admins schedule in. */
const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;

/** A stored instant as a `datetime-local` input's value in IST ('2026-11-27T20:30:00'); '' for none. */
export const istInputValue = (iso: string | null | undefined): string =>
  iso ? new Date(new Date(iso).getTime() + IST_OFFSET_MS).toISOString().slice(0, 19) : '';

/** A `datetime-local` value read as IST, as the wire's ISO instant; null when empty, undefined when unreadable. */
export const istInputToIso = (value: string): string | null | undefined => {
  const text = value.trim();
  if (!text) return null;
  const full = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(text) ? `${text}:00` : text;
  const at = new Date(`${full}+05:30`);
  return Number.isNaN(at.getTime()) ? undefined : at.toISOString();
};

/** An Add sends no empty schedule field (null is an edit's way to clear one). */
export const withoutEmptySchedule = <T extends { publishAt?: string | null; availableUntil?: string | null }>(
  input: T,
): T =>
  Object.fromEntries(
    Object.entries(input).filter(
      ([key, value]) => !((key === 'publishAt' || key === 'availableUntil') && value === null),
    ),
  ) as T;

/** "27 Nov 2026, 8:30 pm IST" (in the language shown): how the lists and the Coming soon row show a scheduled time. */
export const istLabel = (iso: string): string => `${formatIndianMoment(iso)} IST`;

type ScheduleValues = { status: 'draft' | 'published'; publishAt: string; availableUntil: string };
export type ScheduleField = 'publishAt' | 'availableUntil';

/** A schedule rule broken, by its name in ScheduleMessages (the forms' catalogues hold its text as `scheduleErrors`). */
export type ScheduleProblem = Exclude<keyof typeof ScheduleMessages, 'notComingSoon'>;
export type ScheduleErrors = Partial<Record<ScheduleField, ScheduleProblem>>;

const PROBLEMS = (Object.keys(ScheduleMessages) as (keyof typeof ScheduleMessages)[]).filter(
  (key): key is ScheduleProblem => key !== 'notComingSoon',
);
const AVAILABLE_UNTIL_PROBLEMS: readonly ScheduleProblem[] = [
  'availableUntilPast',
  'availableUntilBeforePublish',
];

/** The schedule problems as their messages (a form's `scheduleErrors` texts). */
export const scheduleMessages = (
  errors: ScheduleErrors,
  messages: Readonly<Record<ScheduleProblem, string>>,
): Partial<Record<ScheduleField, string>> =>
  Object.fromEntries(Object.entries(errors).map(([field, problem]) => [field, messages[problem]]));

/**
 * The schedule rules the server enforces (`scheduleProblem`), checked before anything is sent so the message sits
 * under its field; on an edit only changed fields are judged against the clock, as the server judges them.
 */
export const scheduleErrors = (
  values: ScheduleValues,
  initial?: Pick<ScheduleValues, ScheduleField>,
  now: Date = new Date(),
): ScheduleErrors => {
  const publishAt = istInputToIso(values.publishAt);
  const availableUntil = istInputToIso(values.availableUntil);
  if (publishAt === undefined) return { publishAt: 'publishAtPast' };
  if (availableUntil === undefined) return { availableUntil: 'availableUntilPast' };
  const problem = scheduleProblem(
    {
      status: values.status,
      publishAt: publishAt ? new Date(publishAt) : null,
      availableUntil: availableUntil ? new Date(availableUntil) : null,
    },
    {
      publishAt: initial === undefined || values.publishAt !== initial.publishAt,
      availableUntil: initial === undefined || values.availableUntil !== initial.availableUntil,
    },
    now,
  );
  const name = PROBLEMS.find((key) => ScheduleMessages[key] === problem);
  if (!name) return {};
  return AVAILABLE_UNTIL_PROBLEMS.includes(name) ? { availableUntil: name } : { publishAt: name };
};
