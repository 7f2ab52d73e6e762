import { Inject, Injectable, Logger } from '@nestjs/common';
import { EventBus } from '@app/server-core';
import { AssetsRepository } from '../media/assets.repository';
import type { MediaStore } from '../media/media-store';
import { MEDIA_STORE } from '../media/media-store';
import type { SampleMarker } from './sample-library';
import { readSampleLibrary, readyMediaOf, sampleFor } from './sample-library';

/** Seeded (demo) titles and episodes play one of the generated sample films (SAMPLE_MEDIA=on). */
@Injectable()
export class SampleAssignmentService {
  private readonly logger = new Logger(SampleAssignmentService.name);
  private library?: SampleMarker[];

  constructor(
    private readonly assets: AssetsRepository,
    private readonly events: EventBus,
    @Inject(MEDIA_STORE) private readonly store: MediaStore,
  ) {}

  /**
   * Gives the title its sample (by a hash of its id) unless it has media already, and announces `media.ready`
   * once: a repeated call finds the announcement recorded and does nothing. Answers whether it announced.
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
    if (!asset || asset.source !== 'sample' || !asset.readyAt || asset.announcedAt) return false;
    await this.events.publish('media.ready', { movieId, durationSeconds: asset.durationSeconds });
    await this.assets.markAnnounced(movieId, asset.readyAt, now);
    return true;
  }

  /** Read once per process: the seed finished before the service started, and samples never change after. */
  private async samples(): Promise<SampleMarker[]> {
    if (!this.library?.length) this.library = await readSampleLibrary(this.store);
    return this.library;
  }
}
