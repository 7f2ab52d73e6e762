import { Body, Controller, Param } from '@nestjs/common';
import { PlaybackRoutes } from '@app/contracts';
import type { HeartbeatRequest, SessionUser, StartPlaybackRequest } from '@app/contracts';
import { deviceLabel } from '@app/server-core';
import { CurrentUser } from '../auth/auth.decorators';
import { UserAgent } from '../auth/client-ip';
import { Endpoint } from '../routes/endpoint.decorator';
import { HeartbeatService } from './heartbeat.service';
import { PlaybackService } from './playback.service';
import { StreamingClient } from './streaming.client';

/** Starting playback, the player's heartbeats, and the account's screens (DECISIONS 9). */
@Controller()
export class PlaybackController {
  constructor(
    private readonly playback: PlaybackService,
    private readonly heartbeats: HeartbeatService,
    private readonly streaming: StreamingClient,
  ) {}

  // Before `{id}`, so these paths are not read as ids.
  @Endpoint(PlaybackRoutes.heartbeat)
  heartbeat(@Body() body: HeartbeatRequest) {
    return this.heartbeats.heartbeat(body);
  }

  @Endpoint(PlaybackRoutes.streams)
  streams(@CurrentUser() user: SessionUser) {
    return this.streaming.streams(user.id, user.sessionId);
  }

  @Endpoint(PlaybackRoutes.stop)
  stop(@Param('leaseId') leaseId: string, @CurrentUser() user: SessionUser) {
    return this.streaming.stop(user.id, leaseId);
  }

  /** Before anything plays: the access checks and the resume point, without taking a screen. */
  @Endpoint(PlaybackRoutes.preview)
  preview(@Param('id') movieId: string, @CurrentUser() user: SessionUser) {
    return this.playback.preview(user, movieId);
  }

  @Endpoint(PlaybackRoutes.start)
  start(
    @Param('id') movieId: string,
    @Body() body: StartPlaybackRequest,
    @UserAgent() userAgent: string,
    @CurrentUser() user: SessionUser,
  ) {
    return this.playback.start(user, movieId, body.deviceLabel ?? deviceLabel(userAgent), body.parentalPin);
  }
}
