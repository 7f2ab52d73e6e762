import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { Role } from '@app/contracts';
import { Roles } from '../auth/auth.decorators';
import { MovieId } from '../catalogue/movies.controller';
import { StreamingClient } from './streaming.client';

/**
 * Admin: a title's media (status and transcode progress), an upload URL for a new file, and retry. The id is what
 * plays: a movie's or an episode's (issue 13); streaming-service keys the assets by it.
 */
@Roles(Role.Admin)
@Controller('api/admin/media')
export class AdminMediaController {
  constructor(private readonly streaming: StreamingClient) {}

  @Get(':id')
  asset(@MovieId() movieId: string) {
    return this.streaming.asset(movieId);
  }

  /** The file itself goes to `/stream/upload/…` (streaming-service), never through the gateway's RPC. */
  @Post(':id/upload')
  @HttpCode(200)
  upload(@MovieId() movieId: string) {
    return this.streaming.uploadTicket(movieId);
  }

  @Post(':id/retry')
  @HttpCode(200)
  retry(@MovieId() movieId: string) {
    return this.streaming.retry(movieId);
  }
}
