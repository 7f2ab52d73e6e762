import { languagesOf } from '@app/contracts';
import type { MarkedEvent, MarkerSource } from '@app/server-core';
import type { AssetsRepository, StoredAsset } from '../media/assets.repository';
import { mergedAudio, mergedSubtitles } from '../media/assets.repository';

/**
 * `media.ready` as an asset marks it: the write that makes a version playable sets `readyAt` and clears
 * `announcedAt` (issue 29 §1: the marker is in the changed document, no outbox entry). Dated when it became ready.
 */
export const mediaReadyEvent = (
  asset: Pick<
    StoredAsset,
    'movieId' | 'durationSeconds' | 'audioTracks' | 'subtitleTracks' | 'addedSubtitles' | 'addedAudio'
  >,
  readyAt: Date,
): MarkedEvent => ({
  type: 'media.ready',
  payload: {
    movieId: asset.movieId,
    durationSeconds: asset.durationSeconds,
    // Versions stored before issue 26 have no track lists; an admin's audio tracks count once ready.
    audioLanguages: languagesOf(mergedAudio(asset)),
    subtitleLanguages: languagesOf(mergedSubtitles(asset)),
  },
  occurredAt: readyAt,
});

/** The ready versions whose `media.ready` no request finished announcing, for the outbox's relay. */
export const mediaReadyMarkers = (assets: AssetsRepository): MarkerSource => ({
  pending: async (before, limit) =>
    (await assets.unannounced(before, limit)).flatMap((asset) =>
      asset.readyAt
        ? [
            {
              event: mediaReadyEvent(asset, asset.readyAt),
              done: () => assets.markAnnounced(asset.movieId, asset.readyAt as Date, new Date()),
            },
          ]
        : [],
    ),
});
