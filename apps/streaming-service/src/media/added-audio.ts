import { AddedAudioStatus, StreamingMessages } from '@app/contracts';
import type { StoredAsset } from './assets.repository';

/**
 * Why an audio track in `language` cannot be added to the title now (a 409's message), or null (issue 26): the title
 * must play (the track is measured against its video), and no audio of that language may be heard or on its way. A
 * language is refused rather than replaced: viewers may be listening to it, and a version's own track cannot be
 * replaced but by a new upload. A failed added track is no obstacle: the new file replaces it.
 */
export const audioTrackConflict = (
  asset: Pick<StoredAsset, 'dir' | 'readyAt' | 'durationSeconds' | 'audioTracks' | 'addedAudio'> | null,
  language: string,
): string | null => {
  if (!asset?.dir || !asset.readyAt || !asset.durationSeconds) return StreamingMessages.audioNeedsMedia;
  const heard = [
    ...(asset.audioTracks ?? []),
    ...(asset.addedAudio ?? []).filter((track) => track.status !== AddedAudioStatus.Failed),
  ];
  return heard.some((track) => track.language === language) ? StreamingMessages.audioLanguageTaken : null;
};
