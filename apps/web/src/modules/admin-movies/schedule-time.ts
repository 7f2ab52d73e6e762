import { scheduleProblem, ScheduleMessages } from '@app/contracts';

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

/** "27 Nov 2026, 8:30 pm IST": how the lists and the Coming soon row show a scheduled time. */
export const istLabel = (iso: string): string =>
  `${new Date(iso).toLocaleString('en-IN', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
    timeZone: 'Asia/Kolkata',
  })} IST`;

type ScheduleValues = { status: 'draft' | 'published'; publishAt: string; availableUntil: string };
export type ScheduleField = 'publishAt' | 'availableUntil';

const AVAILABLE_UNTIL_PROBLEMS: readonly string[] = [
  ScheduleMessages.availableUntilPast,
  ScheduleMessages.availableUntilBeforePublish,
];

/**
 * The schedule rules the server enforces (`scheduleProblem`), checked before anything is sent so the message sits
 * under its field; on an edit only changed fields are judged against the clock, as the server judges them.
 */
export const scheduleErrors = (
  values: ScheduleValues,
  initial?: Pick<ScheduleValues, ScheduleField>,
  now: Date = new Date(),
): Partial<Record<ScheduleField, string>> => {
  const publishAt = istInputToIso(values.publishAt);
  const availableUntil = istInputToIso(values.availableUntil);
  if (publishAt === undefined) return { publishAt: ScheduleMessages.publishAtPast };
  if (availableUntil === undefined) return { availableUntil: ScheduleMessages.availableUntilPast };
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
  if (!problem) return {};
  return AVAILABLE_UNTIL_PROBLEMS.includes(problem) ? { availableUntil: problem } : { publishAt: problem };
};
