import { DynamicModule, Module } from '@nestjs/common';
import type { EventBatchHandlers } from '@app/server-core';
import { EventsModule } from '@app/server-core';
import type { Env } from '../env';
import { SampleAssignmentModule } from './sample-assignment.module';
import { SampleAssignmentService } from './sample-assignment.service';

/**
 * Its own consumer group: another consumer in this process under the service's name (delivery's) would share
 * the group's messages with this one and ack the `movie.published` / `episode.published` events it does not handle.
 */
export const SAMPLES_CONSUMER_GROUP = 'streaming-service.samples';

/**
 * In batches (issue 24): the seed publishes thousands of titles at once, and one bulk write and one publish per batch
 * map them in seconds where one title at a time took minutes. Only titles the catalogue seed marks `demo: true` get a
 * sample; absent means a real title, which waits for an upload. An episode plays by its own id, as a movie does.
 */
export const sampleEventHandlers = (samples: SampleAssignmentService): EventBatchHandlers => ({
  'movie.published': async (events) => {
    await samples.assignMany(
      events.flatMap(({ event }) => (event.payload.demo === true ? [event.payload.movieId] : [])),
    );
  },
  'episode.published': async (events) => {
    await samples.assignMany(
      events.flatMap(({ event }) => (event.payload.demo === true ? [event.payload.episodeId] : [])),
    );
  },
});

@Module({})
export class SampleEventsModule {
  /** With SAMPLE_MEDIA=off (production) nothing is registered: titles get media by upload only. */
  static register(env: Pick<Env, 'SAMPLE_MEDIA'>): DynamicModule {
    if (env.SAMPLE_MEDIA === 'off') return { module: SampleEventsModule };
    return {
      module: SampleEventsModule,
      imports: [
        SampleAssignmentModule,
        EventsModule.forConsumer({
          group: SAMPLES_CONSUMER_GROUP,
          imports: [SampleAssignmentModule],
          inject: [SampleAssignmentService],
          batchHandlers: sampleEventHandlers,
          // Bursts of thousands (the seeded titles): fewer, larger bulk writes.
          batchSize: 500,
        }),
      ],
      exports: [SampleAssignmentModule],
    };
  }
}
