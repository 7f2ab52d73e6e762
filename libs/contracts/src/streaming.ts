import { z } from 'zod';
import { objectId } from './common';
import { EpisodeRefSchema } from './events';
import { ClassificationSchema, ContentDescriptorsSchema } from './movies';
import { QualitySchema, RentalClockSchema } from './payments';
import { query, rpc } from './rpc';
import { RenditionSchema } from './rendition';
import { ParentalPinSchema } from './parental';

// Streaming and the player (issue 10). Video bytes never travel over RPC: the gateway asks payment-service's
// entitlement answer, then streaming-service takes a stream lease and signs a token; the browser fetches playlists,
// segments and the MP4 from `/stream/**`, which streaming-service serves itself after checking the token.

const MovieIdSchema = objectId('Invalid movie ID');
const UserIdSchema = objectId('must be a user id');
const isoDate = z.iso.datetime({ offset: true });

// ── Audio and subtitle tracks (issue 26, DECISIONS 38) ─────────────────────────────────────────────────────────

/** A track's language: an ISO 639 code as HLS `LANGUAGE` carries it (`hi`, `en`, `ta`); `und` when untagged. */
export const TrackLanguageSchema = z
  .string()
  .regex(/^[a-z]{2,3}$/, 'must be a language code such as hi or en');

/** How a language is named in menus: in its own script, as viewers look for it. */
export const TRACK_LANGUAGE_NAMES: Readonly<Record<string, string>> = {
  hi: 'हिन्दी',
  en: 'English',
  ta: 'தமிழ்',
  te: 'తెలుగు',
  bn: 'বাংলা',
  mr: 'मराठी',
  kn: 'ಕನ್ನಡ',
  ml: 'മലയാളം',
  gu: 'ગુજરાતી',
  pa: 'ਪੰਜਾਬੀ',
  und: 'Original',
};
export const trackLanguageName = (language: string): string => TRACK_LANGUAGE_NAMES[language] ?? language;

/** The languages an admin adds audio and subtitle tracks in: the app's two, then the widest-spoken Indian ones. */
export const ADDED_TRACK_LANGUAGES = ['hi', 'en', 'ta', 'te', 'bn', 'mr', 'kn', 'ml', 'gu', 'pa'] as const;

/** One spoken audio rendition of a title (HLS `EXT-X-MEDIA:TYPE=AUDIO`). */
export const AudioTrackSchema = z.object({
  language: TrackLanguageSchema,
  name: z.string().min(1).max(60),
  isDefault: z.boolean(),
});
export type AudioTrack = z.infer<typeof AudioTrackSchema>;

/** One WebVTT subtitle rendition (`EXT-X-MEDIA:TYPE=SUBTITLES`); `cc`: captions with sound descriptions. */
export const SubtitleTrackSchema = z.object({
  language: TrackLanguageSchema,
  name: z.string().min(1).max(60),
  isDefault: z.boolean(),
  cc: z.boolean(),
});
export type SubtitleTrack = z.infer<typeof SubtitleTrackSchema>;

/** The languages a title can be heard and read in: what `media.ready` tells the catalogue. */
export const languagesOf = (tracks: ReadonlyArray<{ language: string }>): string[] => [
  ...new Set(tracks.map((track) => track.language).filter((language) => language !== 'und')),
];

/** How often the player reports its position (and renews its lease). */
export const HEARTBEAT_SECONDS = 10;
/** A lease not renewed for this long is gone (the screen is free again). */
export const LEASE_TTL_SECONDS = 45;
/**
 * DECISIONS 35: delivery serves a stream link only while its lease is live, and remembers a look-up of that for at
 * most this long. So a lease that ends (stopped, exited, signed out, refunded…) has its links refused within this
 * bound of streaming-service ending it; clock ends (rental expiry, plan end) add at most one heartbeat.
 */
export const LEASE_CHECK_CACHE_MS = 2_000;

// ── Playback (gateway HTTP) ───────────────────────────────────────────────────────────────────────────────────

/**
 * `POST /api/playback/{movieId}`: a label for this device, shown to the other screens of the account, and the
 * account's parental PIN when the title needs it (issue 25: 403 PARENTAL_PIN_REQUIRED without it).
 */
export const StartPlaybackRequestSchema = z
  .object({
    deviceLabel: z.string().trim().min(1).max(80).optional(),
    parentalPin: ParentalPinSchema.optional(),
  })
  .strict();
export type StartPlaybackRequest = z.infer<typeof StartPlaybackRequestSchema>;

/** What the player needs: signed URLs, where to resume, and the limits it plays under. */
export const PlaybackSessionSchema = z.object({
  movieId: z.string(),
  leaseId: z.string(),
  /** The stream token; the heartbeat sends it back (sendBeacon cannot send an Authorization header). */
  token: z.string(),
  /** `/stream/t/{token}/{movieId}/master.m3u8`: relative segment URIs inherit the token. */
  hlsUrl: z.string(),
  /** `/stream/{movieId}?token=…`: the faststart MP4 (480p) for players without HLS. */
  mp4Url: z.string(),
  /** WebVTT index of the trickplay sprites, when the asset has them. */
  trickplayUrl: z.string().nullable(),
  durationSeconds: z.number().nonnegative().nullable(),
  resumePositionSeconds: z.number().nonnegative(),
  quality: QualitySchema,
  renditions: z.array(RenditionSchema),
  rental: RentalClockSchema.nullable(),
  expiresAt: isoDate,
  heartbeatSeconds: z.number().int().positive(),
  /**
   * What the player shows over the first seconds of playback (IT Rules 2021, issue 25): the title's class and content
   * descriptors (an episode: its series'), as the catalogue answered for this start.
   */
  rating: z.object({ classification: ClassificationSchema, descriptors: ContentDescriptorsSchema }),
});
export type PlaybackSession = z.infer<typeof PlaybackSessionSchema>;

/**
 * `GET /api/playback/{movieId}`: what starting would find, without taking a screen or starting a rental's clock
 * (the same access checks as the start, and where to resume), so the player can ask "Continue watching?" first.
 */
export const PlaybackPreviewSchema = PlaybackSessionSchema.pick({ resumePositionSeconds: true });
export type PlaybackPreview = z.infer<typeof PlaybackPreviewSchema>;

export const PlaybackEvent = { Tick: 'tick', Pause: 'pause', Seek: 'seek', Exit: 'exit' } as const;
export type PlaybackEvent = (typeof PlaybackEvent)[keyof typeof PlaybackEvent];
export const PlaybackEventSchema = z.enum(PlaybackEvent);

/** A stream lease's id (the screen-limit page's "Stop that stream" names it). */
export const LeaseIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'must be a stream id');

/** `POST /api/playback/heartbeat`: authenticated by the stream token itself (it names user, session and title). */
export const HeartbeatRequestSchema = z
  .object({
    token: z.string().min(10).max(1024),
    leaseId: LeaseIdSchema,
    positionSeconds: z.number().min(0).max(86_400),
    durationSeconds: z.number().min(0).max(86_400).nullable(),
    event: PlaybackEventSchema,
    /** Seconds played since this player's previous report (paused time not counted): the viewer's watch time. */
    watchedSeconds: z.number().min(0).max(86_400).default(0),
  })
  .strict();
export type HeartbeatRequest = z.infer<typeof HeartbeatRequestSchema>;

/**
 * `leaseActive: false`: the stream was stopped from another screen (or ran out); the player stops and says why.
 * A live lease answers a fresh stream token (DECISIONS 35), which the player puts in every later request URL.
 */
export const HeartbeatReplySchema = z.object({
  leaseActive: z.boolean(),
  token: z.string().optional(),
  expiresAt: isoDate.optional(),
});
export type HeartbeatReply = z.infer<typeof HeartbeatReplySchema>;

/** One screen in use (DECISIONS 9), as the screen-limit page lists it. */
export const ActiveStreamSchema = z.object({
  leaseId: z.string(),
  movieId: z.string(),
  title: z.string(),
  deviceLabel: z.string(),
  /** The profile watching (issue 25: the account's profiles share its screens); null on a lease from before. */
  profileName: z.string().nullable(),
  startedAt: isoDate,
  /** The stream of the device asking. */
  current: z.boolean(),
});
export type ActiveStream = z.infer<typeof ActiveStreamSchema>;
export const ActiveStreamsSchema = z.object({
  limit: z.number().int(),
  streams: z.array(ActiveStreamSchema),
});
export type ActiveStreams = z.infer<typeof ActiveStreamsSchema>;

export const StreamingMessages = {
  screenLimit: 'All your screens are in use. Stop a stream to watch here.',
  streamStopped: 'This stream was stopped from another screen.',
  noMedia: 'Coming soon: this title cannot be played yet.',
  notVideo: 'That file is not a video we can read.',
  tooLarge: 'The file is too large.',
  uploadInterrupted: 'The upload was interrupted.',
  uploadLinkRefused: 'This upload link is invalid or has expired.',
  /** A retry of a transcode that did not fail (409). */
  onlyFailedRetried: 'Only a failed transcode can be retried.',
  uploadGone: 'The uploaded file is gone: upload it again.',
  /** Subtitles for a title without playable media yet (409). */
  subtitlesNeedMedia: 'Add subtitles once the title has playable media.',
  /** An added audio track (issue 26): a title without playable media yet (409). */
  audioNeedsMedia: 'Add an audio track once the title has playable media.',
  /** The language is heard already, or its added track is on its way (409): a failed one may be replaced. */
  audioLanguageTaken: 'The title already has an audio track in that language.',
  /** An added audio track's file (400), each refusal saying what to fix. */
  notAudio: 'That file is not an audio file we can read (MP3, M4A, AAC, WAV, Ogg/Opus, FLAC).',
  audioOneStream: 'The audio file must hold exactly one audio stream and nothing else.',
  audioDuration: 'The audio track must be as long as the video (within 2 seconds or 2 %).',
} as const;

// ── Media (admin) ─────────────────────────────────────────────────────────────────────────────────────────────

export const AssetStatus = {
  None: 'none',
  Uploaded: 'uploaded',
  Queued: 'queued',
  Processing: 'processing',
  Ready: 'ready',
  Failed: 'failed',
} as const;
export type AssetStatus = (typeof AssetStatus)[keyof typeof AssetStatus];
export const AssetStatusSchema = z.enum(AssetStatus);

export const AddedAudioStatus = {
  Queued: 'queued',
  Processing: 'processing',
  Ready: 'ready',
  Failed: 'failed',
} as const;
export type AddedAudioStatus = (typeof AddedAudioStatus)[keyof typeof AddedAudioStatus];

/** An audio file an admin added to a title (issue 26) on its way to an HLS rendition: listed once ready. */
export const AddedAudioTrackSchema = z.object({
  language: TrackLanguageSchema,
  name: z.string().min(1).max(60),
  status: z.enum(AddedAudioStatus),
  /** 0–100 while processing. */
  progress: z.number().min(0).max(100),
  error: z.string().nullable(),
});
export type AddedAudioTrack = z.infer<typeof AddedAudioTrackSchema>;

/** A title's media as the admin sees it: status, live progress of the transcode, and what it produced. */
export const MediaAssetSchema = z.object({
  movieId: z.string(),
  status: AssetStatusSchema,
  /** 0–100 while processing. */
  progress: z.number().min(0).max(100),
  /** Seconds left, from ffmpeg's progress; null when unknown. */
  etaSeconds: z.number().nonnegative().nullable(),
  error: z.string().nullable(),
  durationSeconds: z.number().nonnegative().nullable(),
  renditions: z.array(RenditionSchema),
  hasMp4: z.boolean(),
  hasTrickplay: z.boolean(),
  /** The playable version's audio and subtitle renditions (empty for media made before issue 26). */
  audioTracks: z.array(AudioTrackSchema).default([]),
  subtitleTracks: z.array(SubtitleTrackSchema).default([]),
  /** Audio tracks an admin added, with their transcode's state (a ready one is in `audioTracks` too). */
  addedAudio: z.array(AddedAudioTrackSchema).default([]),
  /** Shared sample media (seeded titles) or an uploaded file. */
  source: z.enum(['sample', 'upload']).nullable(),
  sourceName: z.string().nullable(),
  updatedAt: isoDate.nullable(),
});
export type MediaAsset = z.infer<typeof MediaAssetSchema>;

/**
 * `POST /api/admin/media/{id}/audio` (issue 26): an upload link for an audio file (a dub) in one language, named in
 * menus by `label` (else the language's own name). A language already heard is refused (409), never replaced: a
 * track people may be listening to does not change under them.
 */
export const AddAudioTrackRequestSchema = z
  .object({
    language: z.enum(ADDED_TRACK_LANGUAGES, 'must be one of the track languages'),
    label: z.string().trim().min(1).max(60).optional(),
  })
  .strict();
export type AddAudioTrackRequest = z.infer<typeof AddAudioTrackRequestSchema>;

/**
 * `POST /api/admin/media/{id}/subtitles` (issue 26): a WebVTT or SRT file's text for one language, shown as "CC"
 * when it carries sound descriptions. A language's file replaces the one before.
 */
export const AddSubtitlesRequestSchema = z
  .object({
    language: TrackLanguageSchema,
    cc: z.boolean().default(false),
    /** The file's text (WebVTT or SRT; SRT is converted). */
    file: z.string().min(1, 'The subtitle file is empty.').max(1_000_000, 'The subtitle file is too large.'),
  })
  .strict();
export type AddSubtitlesRequest = z.infer<typeof AddSubtitlesRequestSchema>;

/** `POST /api/admin/media/{movieId}/upload`: a short-lived URL the browser PUTs the file to (`/stream/upload/…`). */
export const UploadTicketSchema = z.object({
  uploadUrl: z.string(),
  expiresAt: isoDate,
  maxBytes: z.number(),
});
export type UploadTicket = z.infer<typeof UploadTicketSchema>;

// ── RPC (gateway → streaming-service) ─────────────────────────────────────────────────────────────────────────

export const StreamingPatterns = {
  open: 'streaming.playback.open',
  heartbeat: 'streaming.playback.heartbeat',
  streams: 'streaming.playback.streams',
  stop: 'streaming.playback.stop',
  asset: 'streaming.media.asset',
  uploadTicket: 'streaming.media.upload-ticket',
  retry: 'streaming.media.retry',
  addSubtitles: 'streaming.media.add-subtitles',
  audioUploadTicket: 'streaming.media.audio-upload-ticket',
} as const;

export const OpenPlaybackRpcSchema = z
  .object({
    userId: UserIdSchema,
    sessionId: z.string().min(1).max(64),
    movieId: MovieIdSchema,
    title: z.string().max(500),
    quality: QualitySchema,
    screens: z.number().int().min(1).max(16),
    deviceLabel: z.string().max(80),
    /** The name of the profile watching, shown in the account's list of screens in use (issue 25). */
    profileName: z.string().max(60).optional(),
    /** Set when `movieId` is an episode's id: kept with the lease and carried by its `watch.progressed` reports. */
    episode: EpisodeRefSchema.optional(),
    /** The viewer was an admin when the gateway allowed this playback: its heartbeats re-check access as one. */
    isAdmin: z.boolean().optional(),
    /**
     * The title's class (an episode's: its series'), as catalogue-service answered the gateway's playable look-up
     * for this request: checked against the ceiling of the profile the envelope names (issue 25).
     */
    classification: ClassificationSchema,
  })
  .strict();
export type OpenPlaybackRpc = z.infer<typeof OpenPlaybackRpcSchema>;

/** The signed part of a playback; the gateway adds resume position and rental clock. */
export const OpenedPlaybackSchema = PlaybackSessionSchema.omit({
  resumePositionSeconds: true,
  rental: true,
  rating: true,
});
export type OpenedPlayback = z.infer<typeof OpenedPlaybackSchema>;

/**
 * streaming-service's answer to a heartbeat: the player's answer plus whose lease of what it is, so the gateway can
 * ask the entitlement again (rental expiry, plan end) and stop the lease when access ended. The gateway strips
 * everything but `HeartbeatReply` before it answers the player.
 */
export const HeartbeatRpcReplySchema = HeartbeatReplySchema.extend({
  userId: z.string(),
  /** The playable id: a movie's or an episode's. */
  movieId: z.string(),
  isAdmin: z.boolean(),
  /** When the lease began (null once it ended): a rental playback that started before expiry may finish (DECISIONS 7). */
  startedAt: isoDate.nullable(),
  /** The title's length as the media says (null when unknown or the lease ended). */
  durationSeconds: z.number().nonnegative().nullable(),
});
export type HeartbeatRpcReply = z.infer<typeof HeartbeatRpcReplySchema>;

export const StreamingRpc = {
  /** Takes a lease (409 CONFLICT with StreamingMessages.screenLimit when every screen is taken; 404 without media). */
  open: rpc(StreamingPatterns.open, OpenPlaybackRpcSchema, OpenedPlaybackSchema),
  heartbeat: rpc(StreamingPatterns.heartbeat, HeartbeatRequestSchema, HeartbeatRpcReplySchema),
  streams: query(
    StreamingPatterns.streams,
    z.object({ userId: UserIdSchema, sessionId: z.string().max(64) }).strict(),
    ActiveStreamsSchema,
  ),
  stop: rpc(
    StreamingPatterns.stop,
    z.object({ userId: UserIdSchema, leaseId: z.string().max(64) }).strict(),
    z.object({ stopped: z.boolean() }),
  ),
  asset: query(StreamingPatterns.asset, z.object({ movieId: MovieIdSchema }).strict(), MediaAssetSchema),
  uploadTicket: rpc(
    StreamingPatterns.uploadTicket,
    z.object({ movieId: MovieIdSchema }).strict(),
    UploadTicketSchema,
  ),
  retry: rpc(StreamingPatterns.retry, z.object({ movieId: MovieIdSchema }).strict(), MediaAssetSchema),
  addSubtitles: rpc(
    StreamingPatterns.addSubtitles,
    z.object({ movieId: MovieIdSchema, subtitles: AddSubtitlesRequestSchema }).strict(),
    MediaAssetSchema,
  ),
  /** 409 without playable media or when the language is taken; the file goes to the link like a video. */
  audioUploadTicket: rpc(
    StreamingPatterns.audioUploadTicket,
    z.object({ movieId: MovieIdSchema, track: AddAudioTrackRequestSchema }).strict(),
    UploadTicketSchema,
  ),
} as const;
