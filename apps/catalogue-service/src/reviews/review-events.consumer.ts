import { Module } from '@nestjs/common';
import type { EventHandlers } from '@app/server-core';
import { EventsModule } from '@app/server-core';
import { ReviewsModule } from './reviews.module';
import { ReviewsService } from './reviews.service';

/**
 * Its own consumer group (as streaming-service's samples): a second consumer in this process under the media
 * group's name would share that group's messages and ack the `media.ready` events it does not handle. A new group
 * starts at the beginning of the stream, so deletions published before this consumer existed are applied too.
 */
export const REVIEWS_CONSUMER_GROUP = 'catalogue-service.reviews';

/** No IdempotencyStore: a redelivered `user.deleted` finds no review left under that id and changes nothing. */
export const reviewEventHandlers = (reviews: ReviewsService): EventHandlers => ({
  'user.deleted': async (event) => {
    await reviews.forgetAuthor(event.payload.userId);
  },
});

/** Consumes what auth-service says about accounts. Not imported by the seed and import commands. */
@Module({
  imports: [
    ReviewsModule,
    EventsModule.forConsumer({
      group: REVIEWS_CONSUMER_GROUP,
      imports: [ReviewsModule],
      inject: [ReviewsService],
      handlers: reviewEventHandlers,
    }),
  ],
})
export class ReviewEventsModule {}
