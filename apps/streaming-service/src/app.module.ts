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
import { progressMarkers } from './outbox/progress-markers';
import { LeaseDataModule } from './playback/lease-data.module';
import { LeaseEventsModule } from './playback/lease-events.consumer';
import { LeasesRepository } from './playback/leases.repository';
import { PlaybackModule } from './playback/playback.module';
import { PlaysStoreModule } from './plays/plays.module';
import { PlaysRepository } from './plays/plays.repository';
import { playStartedSettled } from './plays/plays.service';
import { SampleEventsModule } from './samples/sample-events.consumer';

@Module({})
export class AppModule {
  static register(env: Env): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CoreModule.forService('streaming-service', env),
        EventsModule.forPublisher(),
        // media.ready is marked in the asset its change writes (`announcedAt`), watch.progressed in the heartbeat's
        // own change to the lease; the outbox's relay sweeps both (issue 29 §1).
        OutboxModule.forService({
          imports: [MediaDataModule, LeaseDataModule, PlaysStoreModule],
          inject: [AssetsRepository, LeasesRepository, PlaysRepository],
          markers: (assets, leases, _plays) => [mediaReadyMarkers(assets), progressMarkers(leases)],
          // playback.started (issue 28): the play is recorded with its lease.
          settled: (_assets, _leases, plays) => ({ 'playback.started': playStartedSettled(plays) }),
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
