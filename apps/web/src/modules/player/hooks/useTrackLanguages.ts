import { useEffect } from 'react';

/** The languages a viewer's profile asks for (DECISIONS 38); subtitles null: off. */
export type PreferredLanguages = { audio: string | null; subtitles: string | null };

type AudioTrackLike = { language: string; enabled: boolean };
type TextTrackLike = { language: string; kind: string; mode: TextTrackMode };
type TrackList<T> = EventTarget & { readonly length: number; [index: number]: T };
/** What the playing element offers: `<hls-video>` lists hls.js's audio renditions and subtitle tracks. */
export type TrackedMedia = { audioTracks?: TrackList<AudioTrackLike>; textTracks?: TrackList<TextTrackLike> };

export const listOf = <T>(list: TrackList<T> | undefined): T[] =>
  list ? Array.from({ length: list.length }, (_, i) => list[i]) : [];

/** The language of the enabled audio track; null when none is. */
export const enabledAudio = (tracks: readonly AudioTrackLike[]): string | null =>
  tracks.find((track) => track.enabled)?.language ?? null;

/** The language of the subtitles shown; null when they are off. */
export const shownSubtitles = (tracks: readonly TextTrackLike[]): string | null =>
  tracks.find(
    (track) => (track.kind === 'subtitles' || track.kind === 'captions') && track.mode === 'showing',
  )?.language ?? null;

/** Enables the audio track in `language`, the others off; false when the title has none in it. */
export const chooseAudio = (tracks: readonly AudioTrackLike[], language: string): boolean => {
  const wanted = tracks.find((track) => track.language === language);
  if (!wanted) return false;
  if (wanted.enabled) return true;
  for (const track of tracks) if (track !== wanted) track.enabled = false;
  wanted.enabled = true;
  return true;
};

/** Shows the subtitles in `language` (captions when that is all there is); false when the title has none. */
export const chooseSubtitles = (tracks: readonly TextTrackLike[], language: string): boolean => {
  const readable = tracks.filter((track) => track.kind === 'subtitles' || track.kind === 'captions');
  const wanted =
    readable.find((track) => track.language === language && track.kind === 'subtitles') ??
    readable.find((track) => track.language === language);
  if (!wanted) return false;
  for (const track of readable) if (track !== wanted && track.mode === 'showing') track.mode = 'disabled';
  wanted.mode = 'showing';
  return true;
};

/**
 * Starts playback in the profile's languages: as the element lists its tracks, the preferred audio is enabled
 * and the preferred subtitles shown, once each, so a later choice in the menus is the viewer's own.
 */
export const useTrackLanguages = (media: TrackedMedia | null, preferred: PreferredLanguages): void => {
  const { audio, subtitles } = preferred;
  useEffect(() => {
    if (!media) return;
    let audioDone = audio === null;
    let subtitlesDone = subtitles === null;
    const applyAudio = () => {
      if (!audioDone && audio !== null) audioDone = chooseAudio(listOf(media.audioTracks), audio);
    };
    const applySubtitles = () => {
      if (!subtitlesDone && subtitles !== null)
        subtitlesDone = chooseSubtitles(listOf(media.textTracks), subtitles);
    };
    applyAudio();
    applySubtitles();
    media.audioTracks?.addEventListener('addtrack', applyAudio);
    media.textTracks?.addEventListener('addtrack', applySubtitles);
    return () => {
      media.audioTracks?.removeEventListener('addtrack', applyAudio);
      media.textTracks?.removeEventListener('addtrack', applySubtitles);
    };
  }, [media, audio, subtitles]);
};
