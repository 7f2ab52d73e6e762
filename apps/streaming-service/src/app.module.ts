import { DynamicModule, Module } from '@nestjs/common';
import { CoreModule, EventsModule, OutboxModule } from '@app/server-core';
import { DeliveryModule } from './delivery/delivery.module';
import { Env } from './env';
import { FfmpegModule } from './ffmpeg/ffmpeg.module';
import { IngestModule } from './ingest/ingest.module';
import { AssetsRepository } from './media/assets.repository';
import { MediaDataModule } from './media/media-data.module';
import { MediaEventsModule } from './media/media-events.consumer';
import { MediaModule } from './media/media.module';
import { mediaReadyMarkers } from './outbox/media-ready-markers';
import { LeaseEventsModule } from './playback/lease-events.consumer';
import { PlaybackModule } from './playback/playback.module';
import { SampleEventsModule } from './samples/sample-events.consumer';

@Module({})
export class AppModule {
  static register(env: Env): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CoreModule.forService('streaming-service', env),
        EventsModule.forPublisher(),
        // media.ready is marked in the asset its change writes (`announcedAt`), swept by the outbox's relay (issue 29 §1).
        OutboxModule.forService({
          imports: [MediaDataModule],
          inject: [AssetsRepository],
          markers: (assets) => [mediaReadyMarkers(assets)],
        }),
        FfmpegModule,
        MediaDataModule,
        MediaModule,
        MediaEventsModule,
        IngestModule,
        SampleEventsModule.register(env),
        PlaybackModule,
        LeaseEventsModule,
        DeliveryModule,
      ],
    };
  }
}
