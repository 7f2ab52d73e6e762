import { z } from 'zod';
import {
  AdminSeriesQuerySchema,
  EpisodeInputSchema,
  EpisodePathSchema,
  EpisodeUpdateSchema,
  ListSeriesQuerySchema,
  SeasonInputSchema,
  SeasonParamsSchema,
  SeasonUpdateSchema,
  SeriesInputSchema,
  SeriesMessages,
  SeriesPathSchema,
  SeriesUpdateSchema,
} from '../series';
import {
  AdminSeriesPageReply,
  EpisodeContextReply,
  EpisodeWriteReply,
  GenresReply,
  RemovedReply,
  SeriesDetailReply,
  SeriesDetailWriteReply,
  SeriesPageReply,
  SeriesWriteReply,
  SvgReply,
} from './replies';
import { json, route } from './route';

const seriesNotFound = `${SeriesMessages.notFound} (drafts: admins only)`;
const episodeNotFound = `${SeriesMessages.episodeNotFound} (or its series is a draft: admins only)`;
const seasonNotFound = `${SeriesMessages.notFound}, or ${SeriesMessages.seasonNotFound}`;

/** `/images/{size}/generated/{file}`: documented, not validated (anything that is not a generated poster is 404). */
export const PosterParamsSchema = z.object({
  size: z.string().meta({ description: 'w92 … w1280, or original', examples: ['w500'] }),
  file: z.string().meta({ description: '`{movie id}.svg`', examples: ['65f0c0ffee0000000000abcd.svg'] }),
});

/** TV shows (issue 13): the `/tv-shows` list, a series page, and what the player needs around an episode. */
export const SeriesRoutes = {
  list: route({
    method: 'get',
    path: '/api/series',
    tag: 'series',
    access: 'public',
    summary: 'Published series, paginated (search, genre, access, sort): { data, page, pageSize, total }',
    query: ListSeriesQuerySchema,
    ok: json(200, SeriesPageReply),
    rateLimit: 'browse',
  }),
  genres: route({
    method: 'get',
    path: '/api/series/genres',
    tag: 'series',
    access: 'public',
    summary: 'Genres of the published series',
    ok: json(200, GenresReply),
  }),
  series: route({
    method: 'get',
    path: '/api/series/{id}',
    tag: 'series',
    access: 'public',
    summary: 'A series with its seasons in order, each with its episodes in order (drafts for admins only)',
    params: SeriesPathSchema,
    ok: json(200, SeriesDetailReply),
    errors: { 404: seriesNotFound },
  }),
  episode: route({
    method: 'get',
    path: '/api/episodes/{id}',
    tag: 'series',
    access: 'public',
    summary:
      'What the player needs around an episode: { episode, series, next } (next is null after the last)',
    params: EpisodePathSchema,
    ok: json(200, EpisodeContextReply),
    errors: { 404: episodeNotFound },
  }),
} as const;

/** The admin's TV shows (issue 13): series, their seasons and episodes, drafts included. */
export const AdminSeriesRoutes = {
  list: route({
    method: 'get',
    path: '/api/admin/series',
    tag: 'admin',
    access: 'admin',
    summary: 'Admin: every series, drafts included (filter by status, search)',
    query: AdminSeriesQuerySchema,
    ok: json(200, AdminSeriesPageReply),
  }),
  create: route({
    method: 'post',
    path: '/api/admin/series',
    tag: 'series',
    access: 'admin',
    summary:
      "Admin: add a series (a draft unless status is 'published') with its classification and content descriptors; the same idempotencyKey answers the same series → { data, message }",
    body: SeriesInputSchema,
    ok: json(201, SeriesWriteReply, 'Created'),
  }),
  update: route({
    method: 'put',
    path: '/api/admin/series/{id}',
    tag: 'series',
    access: 'admin',
    summary:
      'Admin: edit a series (partial; a classification can be changed, not removed) → { data, message }',
    params: SeriesPathSchema,
    body: SeriesUpdateSchema,
    ok: json(200, SeriesWriteReply),
    errors: { 404: SeriesMessages.notFound },
  }),
  publish: route({
    method: 'post',
    path: '/api/admin/series/{id}/publish',
    tag: 'series',
    access: 'admin',
    summary: 'Admin: publish a draft series, and so every episode in it → { data }',
    params: SeriesPathSchema,
    ok: json(200, SeriesWriteReply),
    errors: { 404: SeriesMessages.notFound, 409: SeriesMessages.onlyDraftsPublish },
  }),
  remove: route({
    method: 'delete',
    path: '/api/admin/series/{id}',
    tag: 'series',
    access: 'admin',
    summary: 'Admin: delete a series with its seasons and episodes → { id }',
    params: SeriesPathSchema,
    ok: json(200, RemovedReply),
    errors: { 404: SeriesMessages.notFound },
  }),
  addSeason: route({
    method: 'post',
    path: '/api/admin/series/{id}/seasons',
    tag: 'series',
    access: 'admin',
    summary: 'Admin: add a season → { data: the series with its seasons, message }',
    params: SeriesPathSchema,
    body: SeasonInputSchema,
    ok: json(201, SeriesDetailWriteReply, 'Created'),
    errors: { 404: SeriesMessages.notFound, 409: SeriesMessages.seasonExists },
  }),
  updateSeason: route({
    method: 'put',
    path: '/api/admin/series/{id}/seasons/{season}',
    tag: 'series',
    access: 'admin',
    summary: 'Admin: edit a season (partial; its number stays) → { data: the series with its seasons }',
    params: SeasonParamsSchema,
    body: SeasonUpdateSchema,
    ok: json(200, SeriesDetailWriteReply),
    errors: { 404: seasonNotFound },
  }),
  removeSeason: route({
    method: 'delete',
    path: '/api/admin/series/{id}/seasons/{season}',
    tag: 'series',
    access: 'admin',
    summary: 'Admin: delete a season and its episodes → { data: the series with its seasons }',
    params: SeasonParamsSchema,
    ok: json(200, SeriesDetailWriteReply),
    errors: { 404: seasonNotFound },
  }),
  addEpisode: route({
    method: 'post',
    path: '/api/admin/series/{id}/seasons/{season}/episodes',
    tag: 'series',
    access: 'admin',
    summary:
      'Admin: add an episode to a season (number unique in the season; intro markers optional) → { data, message }',
    params: SeasonParamsSchema,
    body: EpisodeInputSchema,
    ok: json(201, EpisodeWriteReply, 'Created'),
    errors: { 404: seasonNotFound, 409: SeriesMessages.episodeExists },
  }),
  updateEpisode: route({
    method: 'put',
    path: '/api/admin/episodes/{id}',
    tag: 'series',
    access: 'admin',
    summary: 'Admin: edit an episode (partial; intro: null clears the markers) → { data }',
    params: EpisodePathSchema,
    body: EpisodeUpdateSchema,
    ok: json(200, EpisodeWriteReply),
    errors: { 404: SeriesMessages.episodeNotFound, 409: SeriesMessages.episodeExists },
  }),
  removeEpisode: route({
    method: 'delete',
    path: '/api/admin/episodes/{id}',
    tag: 'series',
    access: 'admin',
    summary: 'Admin: delete an episode (its media goes with it) → { id }',
    params: EpisodePathSchema,
    ok: json(200, RemovedReply),
    errors: { 404: SeriesMessages.episodeNotFound },
  }),
} as const;

/** The image service the web app resolves poster paths against (`{base}/w500{path}`). */
export const ImageRoutes = {
  poster: route({
    method: 'get',
    path: '/images/{size}/generated/{file}',
    tag: 'images',
    access: 'public',
    summary: 'A generated poster (SVG) for a seeded title',
    params: PosterParamsSchema,
    ok: { status: 200, description: 'The poster', schema: SvgReply, contentType: 'image/svg+xml' },
    errors: { 404: 'Not a generated poster, or no such title' },
    validated: false,
  }),
} as const;
