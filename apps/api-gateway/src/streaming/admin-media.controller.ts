import { Body, Controller, Param } from '@nestjs/common';
import type { AddAudioTrackRequest, AddSubtitlesRequest } from '@app/contracts';
import { AdminMediaRoutes } from '@app/contracts';
import { Endpoint } from '../routes/endpoint.decorator';
import { StreamingClient } from './streaming.client';

/**
 * Admin: a title's media (status and transcode progress), an upload URL for a new file, and retry. The id is what
 * plays: a movie's or an episode's (issue 13); streaming-service keys the assets by it.
 */
@Controller()
export class AdminMediaController {
  constructor(private readonly streaming: StreamingClient) {}

  @Endpoint(AdminMediaRoutes.asset)
  asset(@Param('id') movieId: string) {
    return this.streaming.asset(movieId);
  }

  /** The file itself goes to `/stream/upload/…` (streaming-service), never through the gateway's RPC. */
  @Endpoint(AdminMediaRoutes.upload)
  upload(@Param('id') movieId: string) {
    return this.streaming.uploadTicket(movieId);
  }

  @Endpoint(AdminMediaRoutes.retry)
  retry(@Param('id') movieId: string) {
    return this.streaming.retry(movieId);
  }

  /** Subtitle files are small text: they travel in the request, not through an upload link. */
  @Endpoint(AdminMediaRoutes.subtitles)
  subtitles(@Param('id') movieId: string, @Body() subtitles: AddSubtitlesRequest) {
    return this.streaming.addSubtitles(movieId, subtitles);
  }

  /** An audio track is a file like a video: the answer is its upload link, the file goes to `/stream/upload/…`. */
  @Endpoint(AdminMediaRoutes.audio)
  audio(@Param('id') movieId: string, @Body() track: AddAudioTrackRequest) {
    return this.streaming.audioUploadTicket(movieId, track);
  }
}
