import { z } from 'zod';
import { MovieIdSchema } from '../movies';
import { RecommendRequestSchema, SimilarQuerySchema, TrendingQuerySchema } from '../recommendations';
import {
  AddAudioTrackRequestSchema,
  AddSubtitlesRequestSchema,
  HeartbeatReplySchema,
  HeartbeatRequestSchema,
  LeaseIdSchema,
  StartPlaybackRequestSchema,
  StreamingMessages,
} from '../streaming';
import {
  ActiveStreamsReply,
  HealthReportReply,
  LivenessReply,
  MediaAssetReply,
  PlaybackPreviewReply,
  PlaybackSessionReply,
  RecommendationListReply,
  StreamStoppedReply,
  UploadTicketReply,
} from './replies';
import { ParentalMessages } from '../parental';
import { json, route } from './route';

/** `/api/playback/streams/{leaseId}`: one screen in use. */
export const LeasePathSchema = z.object({ leaseId: LeaseIdSchema }).strict();

const playbackRefused = 'The viewer may not watch this title (the entitlement answer gives the ways in)';

/**
 * Starting playback (a movie or an episode: `{id}` is what plays), the player's heartbeats, and the account's screens
 * (DECISIONS 9). The gateway declares `heartbeat` and `streams` before `{id}`, so these paths are not read as ids.
 */
export const PlaybackRoutes = {
  heartbeat: route({
    method: 'post',
    path: '/api/playback/heartbeat',
    tag: 'playback',
    access: 'public',
    summary:
      "The player's position every 10 s and on pause, seek and exit (authenticated by the stream token; sendBeacon-friendly)",
    body: HeartbeatRequestSchema,
    ok: json(200, HeartbeatReplySchema),
    errors: { 403: 'The stream token is invalid or expired' },
  }),
  streams: route({
    method: 'get',
    path: '/api/playback/streams',
    tag: 'playback',
    access: 'user',
    summary: "The account's screens in use: device, title, started at",
    ok: json(200, ActiveStreamsReply),
  }),
  stop: route({
    method: 'delete',
    path: '/api/playback/streams/{leaseId}',
    tag: 'playback',
    access: 'user',
    summary: 'Stop that stream: frees its screen; its player stops and says why',
    params: LeasePathSchema,
    ok: json(200, StreamStoppedReply),
  }),
  preview: route({
    method: 'get',
    path: '/api/playback/{id}',
    tag: 'playback',
    access: 'user',
    summary:
      'Before playing: the same access checks as the start and the resume position, without taking a screen or starting a rental clock',
    params: MovieIdSchema,
    ok: json(200, PlaybackPreviewReply),
    errors: { 403: playbackRefused, 404: 'No published title' },
  }),
  start: route({
    method: 'post',
    path: '/api/playback/{id}',
    tag: 'playback',
    access: 'user',
    summary:
      "Start watching a movie or an episode: entitlement checked (an episode: its series), parental controls (issue 25: an A title needs the account holder declared 18+, a title at or above the account's PIN class on a non-kids profile needs `parentalPin`), a screen taken, signed HLS and MP4 URLs, resume position, quality cap, rental clock (movies only)",
    params: MovieIdSchema,
    body: StartPlaybackRequestSchema,
    ok: json(200, PlaybackSessionReply),
    errors: {
      403: `${playbackRefused}; or AGE_DECLARATION_REQUIRED "${ParentalMessages.ageRequired}"; or PARENTAL_PIN_REQUIRED "${ParentalMessages.pinRequired}" (or a wrong PIN, with the tries left)`,
      429: 'Too many wrong parental PINs: wait (it grows with each one)',
      404: 'No published title, or no media yet (Coming soon)',
      409: 'All your screens are in use. Stop a stream to watch here.',
    },
  }),
} as const;

/**
 * Admin: a title's media (status and transcode progress), an upload URL for a new file, and retry. `{id}` is what
 * plays: a movie's or an episode's (issue 13); streaming-service keys the assets by it.
 */
export const AdminMediaRoutes = {
  asset: route({
    method: 'get',
    path: '/api/admin/media/{id}',
    tag: 'admin',
    access: 'admin',
    summary:
      "Admin: a movie's or an episode's media: status, transcode progress and ETA, renditions, duration",
    params: MovieIdSchema,
    ok: json(200, MediaAssetReply),
  }),
  upload: route({
    method: 'post',
    path: '/api/admin/media/{id}/upload',
    tag: 'admin',
    access: 'admin',
    summary:
      'Admin: a short-lived URL to PUT a video file to (/stream/upload/…); transcoding starts when it arrives',
    params: MovieIdSchema,
    ok: json(200, UploadTicketReply),
  }),
  retry: route({
    method: 'post',
    path: '/api/admin/media/{id}/retry',
    tag: 'admin',
    access: 'admin',
    summary: "Admin: run a failed title's transcode again",
    params: MovieIdSchema,
    ok: json(200, MediaAssetReply),
    errors: { 409: 'Nothing to retry' },
  }),
  subtitles: route({
    method: 'post',
    path: '/api/admin/media/{id}/subtitles',
    tag: 'admin',
    access: 'admin',
    summary:
      "Admin: a title's or an episode's subtitles in one language (WebVTT, or SRT converted to WebVTT), optionally marked CC; replaces that language's file",
    params: MovieIdSchema,
    body: AddSubtitlesRequestSchema,
    ok: json(200, MediaAssetReply),
    errors: {
      400: 'Not a WebVTT or SRT file, or a malformed one',
      409: 'The title has no playable media yet',
    },
  }),
  audio: route({
    method: 'post',
    path: '/api/admin/media/{id}/audio',
    tag: 'admin',
    access: 'admin',
    summary:
      "Admin: a short-lived URL to PUT an audio file to (/stream/upload/…: a title's or an episode's dub in one language, optionally labelled); it must hold one audio stream as long as the video (±2 s or 2 %), else 400 and nothing is kept; transcoded to an HLS audio rendition, listed once ready",
    params: MovieIdSchema,
    body: AddAudioTrackRequestSchema,
    ok: json(200, UploadTicketReply),
    errors: {
      409: `"${StreamingMessages.audioNeedsMedia}", or "${StreamingMessages.audioLanguageTaken}" (a failed track of that language may be uploaded again)`,
    },
  }),
} as const;

/**
 * SPEC 7's `POST /recommend {user_id}` (issue 12, DECISIONS 12), Trending Now and "More like this". A token is
 * optional: visitors get popular titles, never another user's list. Each is an expensive read: the browse budget.
 */
export const RecommendationRoutes = {
  recommend: route({
    method: 'post',
    path: '/api/recommend',
    tag: 'recommendations',
    access: 'public',
    summary:
      "SPEC's POST /recommend {user_id}: the caller's recommendations with a reason each; visitors and viewers without history get popular titles (DECISIONS 12)",
    body: RecommendRequestSchema,
    ok: json(200, RecommendationListReply),
    errors: {
      401: 'A user_id was sent without a valid token',
      403: "The user_id is another user's (only an admin may ask for it)",
    },
    rateLimit: 'browse',
  }),
  trending: route({
    method: 'get',
    path: '/api/recommend/trending',
    tag: 'recommendations',
    access: 'public',
    summary: 'Trending Now: most watched in the last 7 days with time decay, falling back to popularity',
    query: TrendingQuerySchema,
    ok: json(200, RecommendationListReply),
    rateLimit: 'browse',
  }),
  similar: route({
    method: 'get',
    path: '/api/movies/{id}/similar',
    tag: 'recommendations',
    access: 'public',
    summary:
      '"More like this": titles similar to this movie or series (co-watching blended with genre, director and cast); each item says its kind',
    params: MovieIdSchema,
    query: SimilarQuerySchema,
    ok: json(200, RecommendationListReply),
    errors: { 404: 'The title is unknown or not published' },
    rateLimit: 'browse',
  }),
} as const;

/** Probed every few seconds by the orchestrator and monitors: never rate-limited. `/metrics` is not here (internal). */
export const HealthRoutes = {
  check: route({
    method: 'get',
    path: '/api/health',
    tag: 'health',
    access: 'public',
    summary: 'Health of every service; 503 naming the parts that are down',
    ok: json(200, HealthReportReply, 'Every service is up'),
    also: [json(503, HealthReportReply, 'Some service is down (named in components)')],
    upstream: false,
    rateLimit: false,
  }),
  live: route({
    method: 'get',
    path: '/api/health/live',
    tag: 'health',
    access: 'public',
    summary: 'The gateway process answers',
    ok: json(200, LivenessReply),
    upstream: false,
    rateLimit: false,
  }),
} as const;
