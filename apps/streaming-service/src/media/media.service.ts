import { Inject, Injectable, Logger } from '@nestjs/common';
import type { MediaAsset, UploadTicket } from '@app/contracts';
import { ErrorCode, ObjectIdSchema, StreamingMessages } from '@app/contracts';
import { AppError, AuditTrail } from '@app/server-core';
import { TranscodeQueue } from '../ingest/transcode.queue';
import { UploadTicketsService } from '../ingest/upload-tickets.service';
import { noAsset, toMediaAsset } from './asset.mapper';
import { AssetsRepository } from './assets.repository';
import { mediaUploadAudit } from './media-audit';
import { MediaLayout } from './media-layout';
import type { MediaStore } from './media-store';
import { MEDIA_STORE } from './media-store';

/** What the admin dashboard asks of a title's media (through the gateway). */
@Injectable()
export class MediaService {
  private readonly logger = new Logger(MediaService.name);

  constructor(
    private readonly assets: AssetsRepository,
    private readonly tickets: UploadTicketsService,
    private readonly queue: TranscodeQueue,
    @Inject(MEDIA_STORE) private readonly store: MediaStore,
    private readonly audit: AuditTrail,
  ) {}

  async asset(movieId: string): Promise<MediaAsset> {
    const asset = await this.assets.findByMovie(movieId);
    return asset ? toMediaAsset(asset) : noAsset(movieId);
  }

  /**
   * The title left the catalogue (`episode.deleted`): its asset record, its uploaded sources and transcoded
   * versions go; a sample film it played stays (samples are shared). The record goes first, so delivery stops
   * serving (within its cache's seconds) before files vanish; a repeat finds nothing and removes nothing.
   */
  async removeTitle(movieId: string): Promise<void> {
    // Events are not RPC input: an id that is not an ObjectId would make a media-store prefix (`uploads/..`).
    if (!ObjectIdSchema.safeParse(movieId).success) {
      this.logger.warn({ msg: 'media removal ignored: not a title id', movieId });
      return;
    }
    const hadAsset = await this.assets.remove(movieId);
    await this.store.remove(MediaLayout.uploadsOf(movieId));
    await this.store.remove(MediaLayout.incomingOf(movieId));
    if (hadAsset) this.logger.log({ msg: 'media of a deleted title removed', movieId });
  }

  /** A single-use upload link; audited, as the admin's decision to replace the title's media. */
  async uploadTicket(movieId: string): Promise<UploadTicket> {
    const ticket = this.tickets.issue(movieId);
    await this.audit.record(mediaUploadAudit(await this.asset(movieId), ticket));
    return ticket;
  }

  /** Queues a failed upload's transcode again; 409 when the latest job did not fail or its file is gone. */
  async retry(movieId: string): Promise<MediaAsset> {
    const current = await this.assets.findByMovie(movieId);
    const pending = current?.pending;
    if (!current || current.status !== 'failed' || !pending)
      throw new AppError(ErrorCode.Conflict, StreamingMessages.onlyFailedRetried);
    if ((await this.store.size(pending.sourceKey)) === null)
      throw new AppError(ErrorCode.Conflict, StreamingMessages.uploadGone);
    const requeued = await this.assets.requeue(movieId, new Date());
    if (!requeued) throw new AppError(ErrorCode.Conflict, StreamingMessages.onlyFailedRetried);
    await this.queue.retry({ movieId, version: pending.version });
    return toMediaAsset(requeued);
  }
}
