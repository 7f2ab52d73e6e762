import { Inject, Injectable, Logger } from '@nestjs/common';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AddAudioTrackRequest, AddSubtitlesRequest, MediaAsset, UploadTicket } from '@app/contracts';
import { ErrorCode, ObjectIdSchema, StreamingMessages, trackLanguageName } from '@app/contracts';
import { SUBTITLE_FILE, subtitlePlaylist } from '../ffmpeg/media-tracks';
import { AppError, AuditTrail } from '@app/server-core';
import { TranscodeQueue } from '../ingest/transcode.queue';
import { UploadTicketsService } from '../ingest/upload-tickets.service';
import { audioTrackConflict } from './added-audio';
import { noAsset, toMediaAsset } from './asset.mapper';
import { AssetsRepository } from './assets.repository';
import { audioUploadAudit, mediaUploadAudit } from './media-audit';
import { MediaLayout } from './media-layout';
import type { MediaStore } from './media-store';
import { MEDIA_STORE } from './media-store';
import { SubtitleFileError, toWebVtt } from './subtitle-file';

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
   * The title left the catalogue (`episode.deleted`): its asset record, its uploaded sources, transcoded
   * versions and the tracks an admin added go; a sample film it played stays (samples are shared). The record goes first, so delivery stops
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
    await this.store.remove(MediaLayout.tracksOf(movieId));
    if (hadAsset) this.logger.log({ msg: 'media of a deleted title removed', movieId });
  }

  /** A single-use upload link; audited, as the admin's decision to replace the title's media. */
  async uploadTicket(movieId: string): Promise<UploadTicket> {
    const ticket = this.tickets.issue(movieId);
    await this.audit.record(mediaUploadAudit(await this.asset(movieId), ticket));
    return ticket;
  }

  /**
   * A single-use link for an audio track's file in one language (issue 26), audited like a video's: 409 when the
   * title does not play yet or the language is heard or on its way (the upload checks again: the file may come
   * after another).
   */
  async audioUploadTicket(movieId: string, { language, label }: AddAudioTrackRequest): Promise<UploadTicket> {
    const conflict = audioTrackConflict(await this.assets.findByMovie(movieId), language);
    if (conflict) throw new AppError(ErrorCode.Conflict, conflict);
    const ticket = this.tickets.issue(movieId, { kind: 'audio', language, label: label ?? null });
    await this.audit.record(audioUploadAudit(await this.asset(movieId), language, ticket));
    return ticket;
  }

  /**
   * An admin's subtitles for one language (issue 26): WebVTT kept, SRT converted, anything else a 400 with the
   * reason; stored as the title's own (never in a shared sample's directory) with their one-segment playlist, then
   * listed in the master playlist delivery writes and announced to the catalogue. 409 without playable media.
   */
  async addSubtitles(
    movieId: string,
    { language, cc = false, file }: Pick<AddSubtitlesRequest, 'language' | 'file'> & { cc?: boolean },
  ): Promise<MediaAsset> {
    let vtt: string;
    try {
      vtt = toWebVtt(file);
    } catch (error) {
      if (error instanceof SubtitleFileError) throw new AppError(ErrorCode.ValidationFailed, error.message);
      throw error;
    }
    const current = await this.assets.findPlayable(movieId);
    if (!current) throw new AppError(ErrorCode.Conflict, StreamingMessages.subtitlesNeedMedia);
    const scratch = await this.store.scratch();
    try {
      const dir = path.join(scratch.dir, 'subs');
      await mkdir(dir, { recursive: true });
      await writeFile(path.join(dir, SUBTITLE_FILE), vtt);
      await writeFile(path.join(dir, 'index.m3u8'), subtitlePlaylist(current.durationSeconds ?? 1));
      await this.store.putDirectory(MediaLayout.addedSubtitles(movieId, language), dir);
    } finally {
      await scratch.dispose();
    }
    const name = `${trackLanguageName(language)}${cc ? ' CC' : ''}`;
    const asset = await this.assets.addSubtitles(
      movieId,
      { language, name, isDefault: false, cc },
      new Date(),
    );
    if (!asset) throw new AppError(ErrorCode.Conflict, StreamingMessages.subtitlesNeedMedia);
    this.logger.log({ msg: 'subtitles added', movieId, language, cc });
    return toMediaAsset(asset);
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
