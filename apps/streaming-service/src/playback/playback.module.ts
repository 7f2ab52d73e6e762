import { Module } from '@nestjs/common';
import { EventsModule } from '@app/server-core';
import { MediaDataModule } from '../media/media-data.module';
import { PlaysModule } from '../plays/plays.module';
import { LeaseEndsService } from './lease-ends.service';
import { LeaseDataModule } from './lease-data.module';
import { PlaybackController } from './playback.controller';
import { PlaybackService } from './playback.service';
import { StreamTokenSigner } from './stream-token.signer';

@Module({
  imports: [MediaDataModule, LeaseDataModule, EventsModule.forPublisher(), PlaysModule],
  controllers: [PlaybackController],
  providers: [PlaybackService, LeaseEndsService, StreamTokenSigner],
  exports: [StreamTokenSigner, LeaseDataModule, LeaseEndsService],
})
export class PlaybackModule {}
