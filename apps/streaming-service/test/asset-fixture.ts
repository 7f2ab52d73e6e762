import type { INestApplication } from '@nestjs/common';
import { Renditions } from '@app/contracts';
import { AssetsRepository } from '../src/media/assets.repository';

export type FixtureAsset = { movieId: string; dir: string; durationSeconds: number };

/**
 * Records a ready asset whose files `writeFixtureAsset` wrote (every rendition, MP4, trickplay), through the
 * pipeline's repository so the test sees what delivery will see.
 */
export const registerPlayable = (app: INestApplication, { movieId, dir, durationSeconds }: FixtureAsset) =>
  app
    .get(AssetsRepository)
    .assignSample(
      movieId,
      { dir, durationSeconds, renditions: [...Renditions], hasMp4: true, hasTrickplay: true, probe: null },
      'delivery fixture',
      new Date(),
    );
