import { ErrorCode, MovieStatus, scheduleProblem } from '@app/contracts';
import { AppError } from '@app/server-core';
import type { TitleRecord } from './title.schema';

type ScheduleChanges = { publishAt?: string | null; availableUntil?: string | null; status?: MovieStatus };
type StoredSchedule = Pick<TitleRecord, 'status' | 'publishAt' | 'availableUntil'>;

const instant = (value: string | null) => (value ? new Date(value) : null);

/** The schedule fields of a form as stored; only the keys present are set (an edit is partial). */
export const scheduleFields = ({ publishAt, availableUntil }: ScheduleChanges) => ({
  ...(publishAt !== undefined ? { publishAt: instant(publishAt) } : {}),
  ...(availableUntil !== undefined ? { availableUntil: instant(availableUntil) } : {}),
});

/** A title's schedule as the contracts carry it. */
export const scheduleOf = ({ publishAt, availableUntil }: Partial<StoredSchedule>) => ({
  publishAt: publishAt ? publishAt.toISOString() : null,
  availableUntil: availableUntil ? availableUntil.toISOString() : null,
});

/**
 * Refuses (400, nothing stored) a schedule the save would leave wrong (`scheduleProblem`): a publish time in the past
 * or on a title that is (or is being saved as) published, a licence end in the past or not after the publish time.
 * `current` is the stored title (null for an Add); `publishing` when the save publishes a draft.
 */
export const assertSchedule = (
  current: StoredSchedule | null,
  changes: ScheduleChanges,
  now: Date = new Date(),
) => {
  const fields = scheduleFields(changes);
  const status = changes.status ?? current?.status ?? MovieStatus.Draft;
  const problem = scheduleProblem(
    {
      status,
      publishAt: fields.publishAt !== undefined ? fields.publishAt : (current?.publishAt ?? null),
      availableUntil:
        fields.availableUntil !== undefined ? fields.availableUntil : (current?.availableUntil ?? null),
    },
    { publishAt: fields.publishAt !== undefined, availableUntil: fields.availableUntil !== undefined },
    now,
  );
  if (problem) throw new AppError(ErrorCode.ValidationFailed, problem);
};
