import type { MediaAsset } from '@app/contracts';
import { AssetStatus } from '@app/contracts';
import type { StoredAsset } from './assets.repository';
import { mergedAudio, mergedSubtitles } from './assets.repository';

/** A title without any media: what the admin dashboard shows before the first upload. */
export const noAsset = (movieId: string): MediaAsset => ({
  movieId,
  status: AssetStatus.None,
  progress: 0,
  etaSeconds: null,
  error: null,
  durationSeconds: null,
  renditions: [],
  hasMp4: false,
  hasTrickplay: false,
  audioTracks: [],
  subtitleTracks: [],
  addedAudio: [],
  source: null,
  sourceName: null,
  updatedAt: null,
});

export const toMediaAsset = (asset: StoredAsset): MediaAsset => ({
  movieId: asset.movieId,
  status: asset.status,
  progress: asset.progress,
  etaSeconds: asset.etaSeconds,
  error: asset.error,
  durationSeconds: asset.durationSeconds,
  renditions: asset.renditions,
  hasMp4: asset.hasMp4,
  hasTrickplay: asset.hasTrickplay,
  audioTracks: mergedAudio(asset),
  subtitleTracks: mergedSubtitles(asset),
  addedAudio: (asset.addedAudio ?? []).map(({ language, name, status, progress, error }) => ({
    language,
    name,
    status,
    progress,
    error,
  })),
  source: asset.source,
  sourceName: asset.sourceName,
  updatedAt: asset.updatedAt.toISOString(),
});
