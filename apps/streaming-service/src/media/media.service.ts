import { Inject, Injectable } from '@nestjs/common';
import type { MediaAsset, UploadTicket } from '@app/contracts';
import { ErrorCode } from '@app/contracts';
import { AppError } from '@app/server-core';
import { TranscodeQueue } from '../ingest/transcode.queue';
import { UploadTicketsService } from '../ingest/upload-tickets.service';
import { noAsset, toMediaAsset } from './asset.mapper';
import { AssetsRepository } from './assets.repository';
import type { MediaStore } from './media-store';
import { MEDIA_STORE } from './media-store';

/** What the admin dashboard asks of a title's media (through the gateway). */
@Injectable()
export class MediaService {
  constructor(
    private readonly assets: AssetsRepository,
    private readonly tickets: UploadTicketsService,
    private readonly queue: TranscodeQueue,
    @Inject(MEDIA_STORE) private readonly store: MediaStore,
  ) {}

  async asset(movieId: string): Promise<MediaAsset> {
    const asset = await this.assets.findByMovie(movieId);
    return asset ? toMediaAsset(asset) : noAsset(movieId);
  }

  uploadTicket(movieId: string): UploadTicket {
    return this.tickets.issue(movieId);
  }

  /** Queues a failed upload's transcode again; 409 when the latest job did not fail or its file is gone. */
  async retry(movieId: string): Promise<MediaAsset> {
    const current = await this.assets.findByMovie(movieId);
    const pending = current?.pending;
    if (!current || current.status !== 'failed' || !pending)
      throw new AppError(ErrorCode.Conflict, 'Only a failed transcode can be retried.');
    if ((await this.store.size(pending.sourceKey)) === null)
      throw new AppError(ErrorCode.Conflict, 'The uploaded file is gone: upload it again.');
    const requeued = await this.assets.requeue(movieId, new Date());
    if (!requeued) throw new AppError(ErrorCode.Conflict, 'Only a failed transcode can be retried.');
    await this.queue.retry({ movieId, version: pending.version });
    return toMediaAsset(requeued);
  }
}
