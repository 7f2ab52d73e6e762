import { Inject, Injectable, Logger } from '@nestjs/common';
import { Outbox } from '@app/server-core';
import { AssetsRepository } from '../media/assets.repository';
import type { MediaStore } from '../media/media-store';
import { MEDIA_STORE } from '../media/media-store';
import { mediaReadyEvent } from '../outbox/media-ready-markers';
import type { SampleMarker } from './sample-library';
import { readSampleLibrary, readyMediaOf, sampleFor } from './sample-library';

/** Seeded (demo) titles and episodes play one of the generated sample films (SAMPLE_MEDIA=on). */
@Injectable()
export class SampleAssignmentService {
  private readonly logger = new Logger(SampleAssignmentService.name);
  private library?: SampleMarker[];

  constructor(
    private readonly assets: AssetsRepository,
    private readonly outbox: Outbox,
    @Inject(MEDIA_STORE) private readonly store: MediaStore,
  ) {}

  /**
   * Gives the title its sample (by a hash of its id) unless it has media already, and announces `media.ready`
   * once, marked in the asset it inserts (issue 29 §1): a repeated call finds the asset assigned and does nothing.
   * Answers whether it announced.
   */
  async assign(movieId: string): Promise<boolean> {
    const samples = await this.samples();
    if (samples.length === 0) {
      this.logger.warn({
        msg: 'no sample films in the media store (run seed-media); title left without media',
        movieId,
      });
      return false;
    }
    const sample = samples[sampleFor(movieId, samples.length) - 1];
    const now = new Date();
    const asset = await this.assets.assignSample(movieId, readyMediaOf(sample), sample.name, now);
    // Announced by the call that assigned it (its readyAt is this call's): a repeated call, or a redelivery after a
    // process died before announcing, leaves it to the outbox's relay, which finds the asset's marker.
    if (asset?.source !== 'sample' || asset.readyAt?.getTime() !== now.getTime() || asset.announcedAt)
      return false;
    // Marked by the assignment itself (`announcedAt` null): announced now, or by the relay if this process dies.
    await this.outbox.announceMarked(mediaReadyEvent(asset, now), () =>
      this.assets.markAnnounced(movieId, now, now),
    );
    return true;
  }

  /** Read once per process: the seed finished before the service started, and samples never change after. */
  private async samples(): Promise<SampleMarker[]> {
    if (!this.library?.length) this.library = await readSampleLibrary(this.store);
    return this.library;
  }
}
