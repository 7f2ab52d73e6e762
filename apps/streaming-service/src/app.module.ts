import { DynamicModule, Module } from '@nestjs/common';
import { CoreModule, EventsModule } from '@app/server-core';
import { DeliveryModule } from './delivery/delivery.module';
import { Env } from './env';
import { FfmpegModule } from './ffmpeg/ffmpeg.module';
import { IngestModule } from './ingest/ingest.module';
import { MediaDataModule } from './media/media-data.module';
import { MediaEventsModule } from './media/media-events.consumer';
import { MediaModule } from './media/media.module';
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
