import { Module } from '@nestjs/common';
import type { EventHandlers } from '@app/server-core';
import { EventsModule } from '@app/server-core';
import { MediaModule } from './media.module';
import { MediaService } from './media.service';

/**
 * Its own consumer group, always on (the samples group runs only with SAMPLE_MEDIA=on): what the catalogue's
 * deletions mean for the media this service holds.
 */
export const MEDIA_CONSUMER_GROUP = 'streaming-service.media';

export const mediaEventHandlers = (media: MediaService): EventHandlers => ({
  'movie.deleted': (event) => media.removeTitle(event.payload.movieId),
  // An episode's media is keyed by its own id (its playable id).
  'episode.deleted': (event) => media.removeTitle(event.payload.episodeId),
});

@Module({
  imports: [
    EventsModule.forConsumer({
      group: MEDIA_CONSUMER_GROUP,
      imports: [MediaModule],
      inject: [MediaService],
      handlers: mediaEventHandlers,
    }),
  ],
})
export class MediaEventsModule {}
