import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type {
  ActiveStreams,
  HeartbeatReply,
  HeartbeatRequest,
  OpenedPlayback,
  OpenPlaybackRpc,
} from '@app/contracts';
import {
  ErrorCode,
  HEARTBEAT_SECONDS,
  NO_PLAN_SCREENS,
  PlaybackEvent,
  StreamingMessages,
} from '@app/contracts';
import { AppError, EventBus, InjectEnv } from '@app/server-core';
import type { Env } from '../env';
import { AssetsRepository } from '../media/assets.repository';
import { LeasesRepository } from './leases.repository';
import { allowedRenditions } from './rendition-cap';
import { StreamTokenSigner } from './stream-token.signer';
import { StreamUrls } from './stream-urls';

export const PlaybackMessages = {
  invalidToken: 'This stream link is no longer valid. Start playback again.',
} as const;

const UNNAMED_DEVICE = 'Unnamed device';
const newLeaseId = () => randomBytes(16).toString('base64url');

/** Opening a playback (lease + signed URLs), heartbeats, and the account's screens (DECISIONS 9). */
@Injectable()
export class PlaybackService {
  constructor(
    private readonly assets: AssetsRepository,
    private readonly leases: LeasesRepository,
    private readonly tokens: StreamTokenSigner,
    private readonly events: EventBus,
    @InjectEnv() private readonly env: Env,
  ) {}

  /** The gateway already checked entitlement: `quality` and `screens` are its answer. */
  async open(request: OpenPlaybackRpc): Promise<OpenedPlayback> {
    const asset = await this.assets.findPlayable(request.movieId);
    if (!asset) throw new AppError(ErrorCode.NotFound, StreamingMessages.noMedia);
    const lease = await this.leases.take(
      {
        leaseId: newLeaseId(),
        userId: request.userId,
        sessionId: request.sessionId,
        movieId: request.movieId,
        title: request.title,
        deviceLabel: request.deviceLabel.trim() || UNNAMED_DEVICE,
        startedAt: new Date().toISOString(),
      },
      request.screens,
    );
    if (!lease.taken) throw new AppError(ErrorCode.Conflict, StreamingMessages.screenLimit);
    const expiresAt = Math.floor(Date.now() / 1000) + this.env.STREAM_TOKEN_TTL_SECONDS;
    if (request.episode) {
      await this.leases.rememberEpisode(request.userId, lease.leaseId, request.episode, expiresAt * 1000);
    }
    const token = this.tokens.sign({
      userId: request.userId,
      sessionId: request.sessionId,
      movieId: request.movieId,
      quality: request.quality,
      leaseId: lease.leaseId,
      expiresAt,
    });
    return {
      movieId: request.movieId,
      leaseId: lease.leaseId,
      token,
      hlsUrl: StreamUrls.master(token, request.movieId),
      mp4Url: StreamUrls.mp4(token, request.movieId),
      trickplayUrl: asset.hasTrickplay ? StreamUrls.trickplay(token, request.movieId) : null,
      durationSeconds: asset.durationSeconds,
      quality: request.quality,
      renditions: allowedRenditions(request.quality, asset.renditions),
      expiresAt: new Date(expiresAt * 1000).toISOString(),
      heartbeatSeconds: HEARTBEAT_SECONDS,
    };
  }

  /** Renews the lease (or releases it on exit) and publishes the position; `leaseActive: false` stops the player. */
  async heartbeat(request: HeartbeatRequest): Promise<HeartbeatReply> {
    const check = this.tokens.verify(request.token);
    if (!check.ok || check.claims.leaseId !== request.leaseId) {
      throw new AppError(ErrorCode.Forbidden, PlaybackMessages.invalidToken);
    }
    const { userId, movieId, leaseId } = check.claims;
    const [episode, leaseActive] = await Promise.all([
      this.leases.episodeOf(userId, leaseId),
      this.renewUnlessExiting(userId, leaseId, request.event),
    ]);
    // Published even for a stopped lease: the viewer did watch up to here.
    await this.events.publish('watch.progressed', {
      userId,
      movieId,
      positionSeconds: request.positionSeconds,
      durationSeconds: request.durationSeconds,
      event: request.event,
      leaseId,
      reportedAt: new Date().toISOString(),
      // Passed on as the player reported it: the consumer caps it per report (MAX_WATCHED_SECONDS_PER_REPORT).
      watchedSeconds: request.watchedSeconds,
      // Only an episode's reports carry the field: a movie's stay as they were.
      ...(episode ? { episode } : {}),
    });
    return { leaseActive };
  }

  /** An exit frees the screen at once (false: the player stops); any other report renews the lease. */
  private async renewUnlessExiting(userId: string, leaseId: string, event: PlaybackEvent): Promise<boolean> {
    if (event !== PlaybackEvent.Exit) return this.leases.renew(userId, leaseId);
    await this.leases.release(userId, leaseId);
    return false;
  }

  async streams(userId: string, sessionId: string): Promise<ActiveStreams> {
    const { limit, leases } = await this.leases.live(userId);
    return {
      limit: limit ?? NO_PLAN_SCREENS,
      streams: leases.map((lease) => ({
        leaseId: lease.leaseId,
        movieId: lease.movieId,
        title: lease.title,
        deviceLabel: lease.deviceLabel,
        startedAt: lease.startedAt,
        current: lease.sessionId === sessionId,
      })),
    };
  }

  /** Only the account's own leases can be stopped: another user's lease id finds nothing. */
  async stop(userId: string, leaseId: string): Promise<{ stopped: boolean }> {
    return { stopped: await this.leases.stop(userId, leaseId) };
  }
}
