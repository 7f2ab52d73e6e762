import { z } from 'zod';
import { ComingSoonTitleSchema, ReminderPathSchema, RemindersSchema, ScheduleMessages } from '../schedule';
import { json, route } from './route';

/**
 * Issue 28: the Coming soon row, and "Remind me" per profile (its own list, and the mail in its interface language
 * to the account's address when the title goes live).
 */
export const ScheduleRoutes = {
  comingSoon: route({
    method: 'get',
    path: '/api/coming-soon',
    tag: 'movies',
    access: 'public',
    summary:
      'Films and series scheduled to go live, soonest first (at most 20), each with its publishAt; within the profile ceiling',
    ok: json(200, z.array(ComingSoonTitleSchema)),
    rateLimit: 'browse',
  }),
  reminders: route({
    method: 'get',
    path: '/api/reminders',
    tag: 'user-data',
    access: 'user',
    summary: 'The titles the acting profile asked to be reminded of (not yet live)',
    ok: json(200, RemindersSchema),
  }),
  remind: route({
    method: 'put',
    path: '/api/reminders/{titleId}',
    tag: 'user-data',
    access: 'user',
    summary:
      'Remind me (idempotent): one mail to the account when the title goes live, in the acting profile’s language',
    params: ReminderPathSchema,
    ok: json(200, RemindersSchema),
    errors: { 404: ScheduleMessages.notComingSoon },
  }),
  forget: route({
    method: 'delete',
    path: '/api/reminders/{titleId}',
    tag: 'user-data',
    access: 'user',
    summary: 'Stop the reminder (idempotent)',
    params: ReminderPathSchema,
    ok: json(200, RemindersSchema),
  }),
};
