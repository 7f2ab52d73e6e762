import { z } from 'zod';
import { Classification } from './classification';
import { ObjectIdSchema } from './common';
import { NoPayloadSchema, query, rpc } from './rpc';

/**
 * Scheduling (issue 28, DECISIONS 41): `publishAt` publishes a draft then, with its events; `availableUntil` (a
 * licence end) takes the title out of browse, search, sections and recommendations, while buyers keep it.
 */
const instant = z.iso.datetime({ offset: true, error: 'must be a date and time (ISO 8601)' });

/** The two schedule fields of the admin forms: an ISO instant, or null to clear it. */
export const ScheduleInputFields = {
  publishAt: instant.nullable().optional(),
  availableUntil: instant.nullable().optional(),
};

export const ScheduleMessages = {
  publishAtPast: 'Publish time must be in the future',
  publishAtNotDraft: 'Only drafts can be scheduled to publish',
  availableUntilPast: 'Available until must be in the future',
  availableUntilBeforePublish: 'Available until must be after the publish time',
  notComingSoon: 'This title is not coming soon',
} as const;

/** A schedule as it would be stored after a save (null: none). */
export type Schedule = {
  status: 'draft' | 'published';
  publishAt: Date | null;
  availableUntil: Date | null;
};

/**
 * Why a schedule cannot be stored, or null when it can. Checked against the title as the save would leave it, so a
 * partial edit is judged with the fields it keeps. Only changed fields are judged against the clock: an edit of a
 * title whose licence already ended does not fail on it.
 */
export const scheduleProblem = (
  next: Schedule,
  changed: { publishAt: boolean; availableUntil: boolean },
  now: Date,
): string | null => {
  if (next.publishAt && changed.publishAt) {
    if (next.status !== 'draft') return ScheduleMessages.publishAtNotDraft;
    if (next.publishAt.getTime() <= now.getTime()) return ScheduleMessages.publishAtPast;
  }
  if (next.availableUntil && changed.availableUntil && next.availableUntil.getTime() <= now.getTime())
    return ScheduleMessages.availableUntilPast;
  if (
    next.availableUntil &&
    next.publishAt &&
    (changed.publishAt || changed.availableUntil) &&
    next.availableUntil.getTime() <= next.publishAt.getTime()
  )
    return ScheduleMessages.availableUntilBeforePublish;
  return null;
};

/** Whether a title is listed now (its licence has not ended). */
export const isListed = (availableUntil: string | Date | null | undefined, now: Date = new Date()) =>
  !availableUntil || new Date(availableUntil).getTime() > now.getTime();

// ── Coming soon (home and browse) ────────────────────────────────────────────────────────────────────────────

export const ComingSoonKind = { Movie: 'movie', Series: 'series' } as const;
export type ComingSoonKind = (typeof ComingSoonKind)[keyof typeof ComingSoonKind];

/** A scheduled draft as viewers see it before it goes live: its card and the date, nothing to play. */
export const ComingSoonTitleSchema = z.object({
  id: z.string(),
  kind: z.enum(ComingSoonKind),
  title: z.string(),
  description: z.string(),
  genre: z.string(),
  posterUrl: z.string(),
  classification: z.enum(Classification),
  publishAt: z.string(),
});
export type ComingSoonTitle = z.infer<typeof ComingSoonTitleSchema>;

/** The Coming soon row's length. */
export const COMING_SOON_SIZE = 20;

export const ComingSoonPatterns = {
  list: 'catalogue.coming-soon.list',
  get: 'catalogue.coming-soon.get',
} as const;

// ── Remind me (per profile: its language, its list) ──────────────────────────────────────────────────────────

export const ReminderPathSchema = z.object({ titleId: ObjectIdSchema }).strict();
export type ReminderPath = z.infer<typeof ReminderPathSchema>;

/** The titles the acting profile asked to be reminded of (those not yet live). */
export const RemindersSchema = z.object({ titleIds: z.array(z.string()) });
export type Reminders = z.infer<typeof RemindersSchema>;

/** Languages reminder mails are written in; anything else gets English. */
export const ReminderLanguage = { English: 'en', Hindi: 'hi' } as const;
export type ReminderLanguage = (typeof ReminderLanguage)[keyof typeof ReminderLanguage];

/** A "Remind me" as "Download my data" shows it (DECISIONS 32): which profile asked, for what, when, and if mailed. */
export const ReminderExportSchema = z.object({
  profileId: z.string(),
  titleId: z.string(),
  kind: z.enum(ComingSoonKind),
  title: z.string(),
  email: z.string(),
  language: z.enum(ReminderLanguage),
  askedAt: z.string(),
  sentAt: z.string().nullable(),
});
export type ReminderExport = z.infer<typeof ReminderExportSchema>;

export const ComingSoonRpc = {
  /** The scheduled drafts within the caller's ceiling, soonest first (at most COMING_SOON_SIZE). */
  list: query(ComingSoonPatterns.list, NoPayloadSchema, z.array(ComingSoonTitleSchema)),
  /** One scheduled draft not yet live; NotFound otherwise (a title already live, a plain draft, unknown). */
  get: query(ComingSoonPatterns.get, z.object({ id: ObjectIdSchema }).strict(), ComingSoonTitleSchema),
} as const;

export const ReminderPatterns = {
  list: 'userdata.reminders.list',
  set: 'userdata.reminders.set',
  remove: 'userdata.reminders.remove',
} as const;

const ofViewer = z.object({ userId: ObjectIdSchema }).strict();

export const ReminderRpc = {
  list: query(ReminderPatterns.list, ofViewer, RemindersSchema),
  /**
   * Idempotent (one reminder per profile and title). The gateway passes what the mail needs, from the session and
   * auth-service, never from the client: the account's address and the profile's interface language.
   */
  set: rpc(
    ReminderPatterns.set,
    z
      .object({
        userId: ObjectIdSchema,
        title: ComingSoonTitleSchema,
        email: z.string().min(3).max(320),
        language: z.enum(ReminderLanguage),
      })
      .strict(),
    RemindersSchema,
  ),
  remove: rpc(
    ReminderPatterns.remove,
    z.object({ userId: ObjectIdSchema, titleId: ObjectIdSchema }).strict(),
    RemindersSchema,
  ),
} as const;
