import { type RefObject, useEffect } from 'react';
import type { TrackChoice } from '../track-choices';
import { enabledAudio, listOf, shownSubtitles, type TrackedMedia } from './useTrackLanguages';

/** media-chrome's requests from its audio and captions menus (and the c key), i.e. the viewer's own choices. */
const AUDIO_REQUESTS = ['mediaaudiotrackrequest'];
const SUBTITLE_REQUESTS = [
  'mediashowsubtitlesrequest',
  'mediadisablesubtitlesrequest',
  'mediatogglesubtitlesrequest',
];

/**
 * Reports the audio or subtitle language the viewer picked in the player's menus (issue 26), read once media-chrome
 * applied the request. Only requests count: a track the player enabled itself (the profile's languages, hls.js's
 * start) is no choice of the viewer's.
 */
export const useTrackChoices = (
  player: RefObject<HTMLElement | null>,
  media: TrackedMedia | null,
  onChosen: (choice: TrackChoice) => void,
): void => {
  useEffect(() => {
    const element = player.current;
    if (!element || !media) return;
    const pending = new Set<ReturnType<typeof setTimeout>>();
    // After media-chrome's controller (which listens first) has changed the tracks.
    const later = (read: () => TrackChoice) => () => {
      const timer = setTimeout(() => {
        pending.delete(timer);
        onChosen(read());
      }, 0);
      pending.add(timer);
    };
    const onAudio = later(() => ({ audio: enabledAudio(listOf(media.audioTracks)) ?? undefined }));
    const onSubtitles = later(() => ({ subtitles: shownSubtitles(listOf(media.textTracks)) }));
    for (const type of AUDIO_REQUESTS) element.addEventListener(type, onAudio);
    for (const type of SUBTITLE_REQUESTS) element.addEventListener(type, onSubtitles);
    return () => {
      for (const timer of pending) clearTimeout(timer);
      for (const type of AUDIO_REQUESTS) element.removeEventListener(type, onAudio);
      for (const type of SUBTITLE_REQUESTS) element.removeEventListener(type, onSubtitles);
    };
  }, [player, media, onChosen]);
};
