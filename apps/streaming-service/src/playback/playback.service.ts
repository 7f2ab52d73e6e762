import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type {
  ActiveStreams,
  HeartbeatRequest,
  HeartbeatRpcReply,
  OpenedPlayback,
  OpenPlaybackRpc,
} from '@app/contracts';
import {
  ErrorCode,
  HEARTBEAT_SECONDS,
  NO_PLAN_SCREENS,
  PlaybackEvent,
  StreamingMessages,
  withinCeiling,
} from '@app/contracts';
import { AppError, DeletedUsers, InjectEnv, Outbox, RequestContext } from '@app/server-core';
import type { Env } from '../env';
import { AssetsRepository } from '../media/assets.repository';
import { progressEvent } from '../outbox/progress-markers';
import { PlaysService, startedPlay } from '../plays/plays.service';
import { LeasesRepository } from './leases.repository';
import { allowedRenditions } from './rendition-cap';
import type { StreamClaims } from './stream-token';
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
    private readonly outbox: Outbox,
    private readonly deletedUsers: DeletedUsers,
    private readonly plays: PlaysService,
    @InjectEnv() private readonly env: Env,
  ) {}

  /**
   * The gateway already checked entitlement: `quality` and `screens` are its answer. A title above the ceiling of the
   * profile the envelope names is as unplayable as one without media (404, issue 25): no lease, no link.
   */
  async open(request: OpenPlaybackRpc): Promise<OpenedPlayback> {
    const profile = RequestContext.profile();
    const ceiling = profile?.maturityCeiling;
    const asset = withinCeiling(request.classification, ceiling)
      ? await this.assets.findPlayable(request.movieId)
      : null;
    if (!asset) throw new AppError(ErrorCode.NotFound, StreamingMessages.noMedia);
    const lease = await this.leases.take(
      {
        leaseId: newLeaseId(),
        userId: request.userId,
        sessionId: request.sessionId,
        movieId: request.movieId,
        title: request.title,
        deviceLabel: request.deviceLabel.trim() || UNNAMED_DEVICE,
        ...(request.profileName ? { profileName: request.profileName } : {}),
        startedAt: new Date().toISOString(),
        isAdmin: request.isAdmin ?? false,
        durationSeconds: asset.durationSeconds,
      },
      request.screens,
    );
    if (!lease.taken) throw new AppError(ErrorCode.Conflict, StreamingMessages.screenLimit);
    const now = Date.now();
    const expiresAt = this.tokenExpiry(now);
    await this.leases.startClock(request.userId, lease.leaseId, now, expiresAt * 1000);
    // Whose history its reports write (issue 25): the envelope's profile, never a client field.
    await this.leases.rememberProfile(request.userId, lease.leaseId, profile?.id, expiresAt * 1000);
    if (request.episode) {
      await this.leases.rememberEpisode(request.userId, lease.leaseId, request.episode, expiresAt * 1000);
    }
    await this.plays.started(startedPlay(request, lease.leaseId, profile?.id, asset.durationSeconds, now));
    const token = this.tokens.sign({
      userId: request.userId,
      sessionId: request.sessionId,
      movieId: request.movieId,
      quality: request.quality,
      leaseId: lease.leaseId,
      expiresAt,
      assetDir: asset.dir,
      addedAudio: asset.addedAudio,
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

  /**
   * Renews the lease (or releases it on exit), publishes the position with the watch time the clock allows, and
   * hands a live lease's player a fresh token (DECISIONS 35); `leaseActive: false` stops the player. The reply also
   * says whose lease of what it is, for the gateway's entitlement re-check.
   */
  async heartbeat(request: HeartbeatRequest): Promise<HeartbeatRpcReply> {
    const check = this.tokens.verify(request.token);
    if (!check.ok || check.claims.leaseId !== request.leaseId) {
      throw new AppError(ErrorCode.Forbidden, PlaybackMessages.invalidToken);
    }
    const { claims } = check;
    const { userId, movieId, leaseId } = claims;
    // Issue 22, finding 3: a deleted account's still-open player changes and records nothing (the tombstone every
    // consumer group sets on `user.deleted`).
    if (await this.deletedUsers.isDeleted(userId)) {
      return { leaseActive: false, userId, movieId, isAdmin: false, startedAt: null, durationSeconds: null };
    }
    const now = Date.now();
    const renewedUntil = this.tokenExpiry(now);
    const outcome = await this.leases.heartbeat(
      userId,
      leaseId,
      {
        exit: request.event === PlaybackEvent.Exit,
        seek: request.event === PlaybackEvent.Seek,
        positionSeconds: request.positionSeconds,
        // The player's own count, which the lease's clock bounds (the consumer also caps it per report).
        watchedSeconds: request.watchedSeconds,
      },
      {
        userId,
        movieId,
        durationSeconds: request.durationSeconds,
        event: request.event,
        leaseId,
        reportedAt: new Date(now).toISOString(),
      },
      {
        now,
        issuedAt: (claims.expiresAt - this.env.STREAM_TOKEN_TTL_SECONDS) * 1000,
        expiresAt: claims.expiresAt * 1000,
        renewedUntil: renewedUntil * 1000,
      },
    );
    const whose = {
      userId,
      movieId,
      isAdmin: outcome.lease?.isAdmin ?? false,
      startedAt: outcome.lease?.startedAt ?? null,
      durationSeconds: outcome.lease?.durationSeconds ?? null,
    };
    // Published even for a stopped lease: the viewer did watch up to here. Marked by the heartbeat's own change (a
    // playback opened without a profile reports none: the consumers use the account's default profile).
    const { marker, report } = outcome.progress;
    await this.outbox.announceMarked(progressEvent(report), () => this.leases.clearProgress(marker));
    if (outcome.state !== 'active') return { leaseActive: false, ...whose };
    return { leaseActive: true, ...this.renewedToken(claims, renewedUntil), ...whose };
  }

  /**
   * A token's expiry (epoch seconds) when issued at `now` (ms): rounded up, so expiry − TTL is never before the
   * issue, and the watch clock credits nothing from before it.
   */
  private tokenExpiry(now: number) {
    return Math.ceil(now / 1000) + this.env.STREAM_TOKEN_TTL_SECONDS;
  }

  /** The same grant with a new expiry: the player swaps it into every later request URL. */
  private renewedToken(claims: StreamClaims, expiresAt: number) {
    return {
      token: this.tokens.sign({ ...claims, expiresAt }),
      expiresAt: new Date(expiresAt * 1000).toISOString(),
    };
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
        profileName: lease.profileName ?? null,
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
