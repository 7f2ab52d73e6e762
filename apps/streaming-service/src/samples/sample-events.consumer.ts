import { DynamicModule, Module } from '@nestjs/common';
import type { EventHandlers } from '@app/server-core';
import { EventsModule } from '@app/server-core';
import type { Env } from '../env';
import { SampleAssignmentModule } from './sample-assignment.module';
import { SampleAssignmentService } from './sample-assignment.service';

/**
 * Its own consumer group: another consumer in this process under the service's name (delivery's) would share
 * the group's messages with this one and ack the `movie.published` / `episode.published` events it does not handle.
 */
export const SAMPLES_CONSUMER_GROUP = 'streaming-service.samples';

export const sampleEventHandlers = (samples: SampleAssignmentService): EventHandlers => ({
  'movie.published': async (event) => {
    // The catalogue seed marks its titles `demo: true`; absent means a real title, which waits for an upload.
    if (event.payload.demo === true) await samples.assign(event.payload.movieId);
  },
  // An episode plays by its own id (its playable id), exactly as a movie does.
  'episode.published': async (event) => {
    if (event.payload.demo === true) await samples.assign(event.payload.episodeId);
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
          handlers: sampleEventHandlers,
        }),
      ],
      exports: [SampleAssignmentModule],
    };
  }
}
