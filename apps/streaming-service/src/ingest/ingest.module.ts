import { Module } from '@nestjs/common';
import { MediaDataModule } from '../media/media-data.module';
import { AudioTranscodeService } from './audio-transcode.service';
import { TranscodeQueue } from './transcode.queue';
import { TranscodeRunner } from './transcode.runner';
import { TranscodeService } from './transcode.service';
import { UploadTicketsRepository } from './upload-tickets.repository';
import { UploadTicketsService } from './upload-tickets.service';
import { UploadController } from './upload.controller';
import { UploadService } from './upload.service';

/** Uploads (HTTP), the transcode queue and its worker (videos, and audio tracks added to them). */
@Module({
  imports: [MediaDataModule],
  controllers: [UploadController],
  providers: [
    UploadTicketsRepository,
    UploadTicketsService,
    UploadService,
    TranscodeRunner,
    TranscodeService,
    AudioTranscodeService,
    TranscodeQueue,
  ],
  exports: [UploadTicketsService, TranscodeQueue],
})
export class IngestModule {}
