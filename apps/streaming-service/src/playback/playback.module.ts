import { Module } from '@nestjs/common';
import { EventsModule } from '@app/server-core';
import { MediaDataModule } from '../media/media-data.module';
import { PlaysModule } from '../plays/plays.module';
import { LeaseEndsService } from './lease-ends.service';
import { DEFAULT_LEASE_SETTINGS, LEASE_SETTINGS, LeasesRepository } from './leases.repository';
import { PlaybackController } from './playback.controller';
import { PlaybackService } from './playback.service';
import { StreamTokenSigner } from './stream-token.signer';

@Module({
  imports: [MediaDataModule, EventsModule.forPublisher(), PlaysModule],
  controllers: [PlaybackController],
  providers: [
    PlaybackService,
    LeasesRepository,
    LeaseEndsService,
    StreamTokenSigner,
    { provide: LEASE_SETTINGS, useValue: DEFAULT_LEASE_SETTINGS },
  ],
  exports: [StreamTokenSigner, LeasesRepository, LeaseEndsService],
})
export class PlaybackModule {}
