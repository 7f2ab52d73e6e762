import { Body, Controller, Delete, Get, Headers, HttpCode, Param, Post } from '@nestjs/common';
import { HeartbeatRequestSchema, LeaseIdSchema, StartPlaybackRequestSchema } from '@app/contracts';
import type { HeartbeatRequest, SessionUser, StartPlaybackRequest } from '@app/contracts';
import { Public, ZodPipe } from '@app/server-core';
import { CurrentUser } from '../auth/auth.decorators';
import { MovieId } from '../catalogue/movies.controller';
import { deviceLabelFrom } from './device-label';
import { HeartbeatService } from './heartbeat.service';
import { PlaybackService } from './playback.service';
import { StreamingClient } from './streaming.client';

/** Starting playback, the player's heartbeats, and the account's screens (DECISIONS 9). */
@Controller('api/playback')
export class PlaybackController {
  constructor(
    private readonly playback: PlaybackService,
    private readonly heartbeats: HeartbeatService,
    private readonly streaming: StreamingClient,
  ) {}

  /** Before `:id`, so these paths are not read as ids. */
  @Public()
  @Post('heartbeat')
  @HttpCode(200)
  heartbeat(@Body(new ZodPipe(HeartbeatRequestSchema, 'body')) body: HeartbeatRequest) {
    return this.heartbeats.heartbeat(body);
  }

  @Get('streams')
  streams(@CurrentUser() user: SessionUser) {
    return this.streaming.streams(user.id, user.sessionId);
  }

  @Delete('streams/:leaseId')
  stop(
    @Param('leaseId', new ZodPipe(LeaseIdSchema, 'stream id')) leaseId: string,
    @CurrentUser() user: SessionUser,
  ) {
    return this.streaming.stop(user.id, leaseId);
  }

  /** Before anything plays: the access checks and the resume point, without taking a screen. */
  @Get(':id')
  preview(@MovieId() movieId: string, @CurrentUser() user: SessionUser) {
    return this.playback.preview(user, movieId);
  }

  @Post(':id')
  @HttpCode(200)
  start(
    @MovieId() movieId: string,
    @Body(new ZodPipe(StartPlaybackRequestSchema, 'body')) body: StartPlaybackRequest,
    @Headers('user-agent') userAgent: string | undefined,
    @CurrentUser() user: SessionUser,
  ) {
    return this.playback.start(user, movieId, body.deviceLabel ?? deviceLabelFrom(userAgent));
  }
}
