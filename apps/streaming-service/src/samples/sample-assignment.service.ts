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
   * Gives each title its sample (by a hash of its id) unless it has media already, in one insert, and announces
   * `media.ready` for the titles this call assigned, in one publish, marked in the assets it inserts (issue 29 §1): a
   * repeated call finds them assigned and does nothing. Answers how many it announced.
   */
  async assignMany(movieIds: readonly string[]): Promise<number> {
    const ids = [...new Set(movieIds)];
    if (ids.length === 0) return 0;
    const samples = await this.samples();
    if (samples.length === 0) {
      this.logger.warn({
        msg: 'no sample films in the media store (run seed-media); titles left without media',
        titles: ids.length,
      });
      return 0;
    }
    const now = new Date();
    const assets = await this.assets.assignSamples(
      ids.map((movieId) => {
        const sample = samples[sampleFor(movieId, samples.length) - 1];
        return { movieId, media: readyMediaOf(sample), sourceName: sample.name };
      }),
      now,
    );
    // Announced by the call that assigned them (their readyAt is this call's): a repeated call, or a redelivery after
    // a process died before announcing, leaves them to the outbox's relay, which finds the assets' markers.
    const assigned = assets.filter(
      (asset) =>
        asset.source === 'sample' && asset.readyAt?.getTime() === now.getTime() && !asset.announcedAt,
    );
    // Marked by the assignment itself (`announcedAt` null): announced now, or by the relay if this process dies.
    await this.outbox.announceMarkedMany(
      assigned.map((asset) => mediaReadyEvent(asset, now)),
      () =>
        this.assets.markAnnouncedMany(
          assigned.map(({ movieId }) => movieId),
          now,
          now,
        ),
    );
    return assigned.length;
  }

  /** Read once per process: the seed finished before the service started, and samples never change after. */
  private async samples(): Promise<SampleMarker[]> {
    if (!this.library?.length) this.library = await readSampleLibrary(this.store);
    return this.library;
  }
}
