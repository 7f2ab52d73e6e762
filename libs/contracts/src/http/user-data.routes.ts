import { UserIdParamsSchema } from '../auth';
import { ContactRequestSchema } from '../contact';
import {
  AddFavoriteRequestSchema,
  DeleteAccountRequestSchema,
  HistoryQuerySchema,
  UserHistoryItemParamsSchema,
  UserMovieParamsSchema,
  UserSeriesParamsSchema,
  UserDataMessages,
  ViewerSettingsSchema,
} from '../user-data';
import { captchaRefused } from './auth.routes';
import {
  ContactReceiptReply,
  ContinueWatchingReply,
  DataExportReply,
  FavoriteListReply,
  FavoriteReply,
  HistoryPageReply,
  SeriesProgressReply,
  ViewerAnalyticsReply,
  ViewerSettingsReply,
} from './replies';
import { json, kidsRefused, noContent, route } from './route';

/**
 * A viewer's favorites (= My List), watch history, Continue Watching, analytics and settings (SPEC 7, issue 11).
 * Every path names the user: only that user's token or an admin's reaches it (DECISIONS 16).
 */
export const UserDataRoutes = {
  favorites: route({
    method: 'get',
    path: '/api/users/{id}/favorites',
    tag: 'user-data',
    access: 'own-or-admin',
    summary: "Favorites (= My List), newest first; the path id must be the caller's (or an admin)",
    params: UserIdParamsSchema,
    ok: json(200, FavoriteListReply),
  }),
  addFavorite: route({
    method: 'post',
    path: '/api/users/{id}/favorites',
    tag: 'user-data',
    access: 'own-or-admin',
    summary: 'Add a published movie or series to favorites (idempotent: a second add answers the one there)',
    params: UserIdParamsSchema,
    body: AddFavoriteRequestSchema,
    ok: json(201, FavoriteReply, 'Added'),
    errors: { 404: UserDataMessages.movieNotFound },
  }),
  removeFavorite: route({
    method: 'delete',
    path: '/api/users/{id}/favorites/{movieId}',
    tag: 'user-data',
    access: 'own-or-admin',
    summary: 'Remove a title from favorites (idempotent)',
    params: UserMovieParamsSchema,
    ok: noContent,
  }),
  history: route({
    method: 'get',
    path: '/api/users/{id}/watch-history',
    tag: 'user-data',
    access: 'own-or-admin',
    summary: 'Watch history, most recently watched first, with watch time (seconds) and progress',
    params: UserIdParamsSchema,
    query: HistoryQuerySchema,
    ok: json(200, HistoryPageReply),
  }),
  removeHistory: route({
    method: 'delete',
    path: '/api/users/{id}/watch-history/{itemId}',
    tag: 'user-data',
    access: 'own-or-admin',
    summary: 'Remove a title from the history (its resume position goes with it)',
    params: UserHistoryItemParamsSchema,
    ok: noContent,
    errors: { 404: UserDataMessages.historyItemNotFound },
  }),
  continueWatching: route({
    method: 'get',
    path: '/api/users/{id}/continue-watching',
    tag: 'user-data',
    access: 'own-or-admin',
    summary:
      'Continue Watching: up to 6 titles between 5 % and 90 % watched, most recent first (DECISIONS 10)',
    params: UserIdParamsSchema,
    ok: json(200, ContinueWatchingReply),
  }),
  hideFromRow: route({
    method: 'delete',
    path: '/api/users/{id}/continue-watching/{movieId}',
    tag: 'user-data',
    access: 'own-or-admin',
    summary: '"Remove from row": hidden until the title is played again; the position is kept',
    params: UserMovieParamsSchema,
    ok: noContent,
  }),
  seriesProgress: route({
    method: 'get',
    path: '/api/users/{id}/series/{seriesId}/progress',
    tag: 'user-data',
    access: 'own-or-admin',
    summary:
      "Progress in each episode of a series the viewer started (the series page's bars and its next-up button)",
    params: UserSeriesParamsSchema,
    ok: json(200, SeriesProgressReply),
  }),
  analytics: route({
    method: 'get',
    path: '/api/users/{id}/analytics',
    tag: 'user-data',
    access: 'own-or-admin',
    summary: 'Watch time by genre and hours per month (last 6 months), from the real history (DECISIONS 11)',
    params: UserIdParamsSchema,
    ok: json(200, ViewerAnalyticsReply),
  }),
  settings: route({
    method: 'get',
    path: '/api/users/{id}/settings',
    tag: 'user-data',
    access: 'own-or-admin',
    summary: 'Notification and playback settings (defaults until saved)',
    params: UserIdParamsSchema,
    ok: json(200, ViewerSettingsReply),
  }),
  saveSettings: route({
    method: 'put',
    path: '/api/users/{id}/settings',
    tag: 'user-data',
    access: 'own-or-admin',
    summary: 'Save notification and playback settings (DECISIONS 21)',
    params: UserIdParamsSchema,
    body: ViewerSettingsSchema,
    ok: json(200, ViewerSettingsReply),
  }),
} as const;

/** The viewer's own data rights (DECISIONS 32, DPDP Act 2023): a copy of their data, and erasure. Own token only. */
export const DataRightsRoutes = {
  exportData: route({
    method: 'get',
    path: '/api/users/{id}/export',
    tag: 'user-data',
    access: 'own',
    summary:
      "Download my data: profile, history, favorites, settings, subscriptions and payments as one JSON file (own token only; every profile's data, so not a kids profile's session)",
    // Issue 25: the export holds every profile's history and list, titles above a kids profile's ceiling included.
    notForKids: 'account',
    params: UserIdParamsSchema,
    ok: json(200, DataExportReply),
    errors: { 403: kidsRefused('account') },
  }),
  deleteAccount: route({
    method: 'post',
    path: '/api/users/{id}/delete-account',
    tag: 'user-data',
    access: 'own',
    summary:
      'Delete my account (own token only): the password confirms it, or a sign-in within 10 minutes without one; every service then erases or anonymises',
    // Issue 25: a child cannot delete the household's account (a parent's recent sign-in needs no password).
    notForKids: 'account',
    params: UserIdParamsSchema,
    body: DeleteAccountRequestSchema,
    ok: noContent,
    errors: {
      403: kidsRefused('account'),
      409: 'The last admin cannot be deleted',
    },
  }),
} as const;

/** The contact form (SPEC 2): a few messages an hour per client (RATE_LIMIT_CONTACT_PER_HOUR), each with a solved captcha. */
export const ContactRoutes = {
  submit: route({
    method: 'post',
    path: '/api/contact',
    tag: 'contact',
    access: 'public',
    summary:
      'Contact form with a solved captcha (recaptchaToken, as at login): stored, then mailed to support. { success, message }',
    body: ContactRequestSchema,
    ok: json(200, ContactReceiptReply),
    errors: { 403: captchaRefused },
    rateLimit: 'contact',
  }),
} as const;
