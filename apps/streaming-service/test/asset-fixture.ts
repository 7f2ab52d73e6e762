import { randomBytes } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import type { OpenPlaybackRpc } from '@app/contracts';
import { Renditions } from '@app/contracts';
import { AssetsRepository } from '../src/media/assets.repository';

export type FixtureAsset = { movieId: string; dir: string; durationSeconds: number };

/**
 * Records a ready asset whose files `writeFixtureAsset` wrote (every rendition, MP4, trickplay), through the
 * pipeline's repository so the test sees what delivery will see.
 */
export const registerPlayable = (app: INestApplication, { movieId, dir, durationSeconds }: FixtureAsset) =>
  app.get(AssetsRepository).assignSamples(
    [
      {
        movieId,
        media: {
          dir,
          durationSeconds,
          renditions: [...Renditions],
          hasMp4: true,
          hasTrickplay: true,
          audioTracks: [],
          subtitleTracks: [],
          probe: null,
        },
        sourceName: 'delivery fixture',
      },
    ],
    new Date(),
  );

/** A 24-hex id, as MongoDB's. */
export const objectId = () => randomBytes(12).toString('hex');

/** What the gateway asks to open a playback of `movieId` with: a new viewer on one screen at 720p, unless overridden. */
export const openRequest = (movieId: string, overrides: Partial<OpenPlaybackRpc> = {}): OpenPlaybackRpc => ({
  userId: objectId(),
  sessionId: `session-${randomBytes(4).toString('hex')}`,
  movieId,
  title: 'Fixture Film',
  quality: '720p',
  screens: 1,
  deviceLabel: 'Chrome on Linux',
  classification: 'UA13',
  ...overrides,
});
