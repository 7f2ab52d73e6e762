import { Module } from '@nestjs/common';
import { FfmpegModule } from '../ffmpeg/ffmpeg.module';
import { IngestModule } from '../ingest/ingest.module';
import { MediaDataModule } from './media-data.module';
import { MediaController } from './media.controller';
import { MediaService } from './media.service';

/** A title's media for admins: status and progress, upload tickets, retries (the RPC side of ingest). */
@Module({
  imports: [FfmpegModule, MediaDataModule, IngestModule],
  controllers: [MediaController],
  providers: [MediaService],
  exports: [MediaService],
})
export class MediaModule {}
