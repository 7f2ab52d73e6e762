import { render } from '@testing-library/react';
import { chooseAudio, chooseSubtitles, type TrackedMedia, useTrackLanguages } from './useTrackLanguages';

/** A track list as browsers (and hls-video-element's polyfill) expose it: indexed, with `addtrack`. */
class FakeTrackList<T> extends EventTarget {
  [index: number]: T;
  length = 0;
  add(track: T) {
    this[this.length] = track;
    this.length++;
    this.dispatchEvent(new Event('addtrack'));
  }
}

const audioTrack = (language: string, enabled = false) => ({ language, enabled });
const textTrack = (language: string, kind = 'subtitles') => ({
  language,
  kind,
  mode: 'disabled' as TextTrackMode,
});

const Surface = ({
  media,
  audio,
  subtitles,
}: {
  media: TrackedMedia;
  audio: string | null;
  subtitles: string | null;
}) => {
  useTrackLanguages(media, { audio, subtitles });
  return null;
};

describe("the profile's languages in the player", () => {
  it('enable the preferred audio and show the preferred subtitles as hls.js lists them', () => {
    const audioTracks = new FakeTrackList<ReturnType<typeof audioTrack>>();
    const textTracks = new FakeTrackList<ReturnType<typeof textTrack>>();
    render(<Surface media={{ audioTracks, textTracks }} audio="en" subtitles="hi" />);
    const hindi = audioTrack('hi', true);
    const english = audioTrack('en');
    audioTracks.add(hindi);
    audioTracks.add(english);
    expect([hindi.enabled, english.enabled]).toEqual([false, true]);
    const thumbnails = textTrack('', 'metadata');
    const hindiSubs = textTrack('hi');
    textTracks.add(thumbnails);
    textTracks.add(textTrack('en'));
    textTracks.add(hindiSubs);
    expect(hindiSubs.mode).toBe('showing');
    expect(thumbnails.mode).toBe('disabled');
  });

  it('leave a later choice of the viewer alone', () => {
    const audioTracks = new FakeTrackList<ReturnType<typeof audioTrack>>();
    render(<Surface media={{ audioTracks }} audio="en" subtitles={null} />);
    const hindi = audioTrack('hi', true);
    const english = audioTrack('en');
    audioTracks.add(hindi);
    audioTracks.add(english);
    // The viewer picks Hindi in the menu; a track added later changes nothing.
    english.enabled = false;
    hindi.enabled = true;
    audioTracks.add(audioTrack('ta'));
    expect([hindi.enabled, english.enabled]).toEqual([true, false]);
  });

  it('keep the default when the title lacks the language, and subtitles off without a preference', () => {
    const hindi = audioTrack('hi', true);
    expect(chooseAudio([hindi, audioTrack('en')], 'ta')).toBe(false);
    expect(hindi.enabled).toBe(true);
    const subs = [textTrack('en'), textTrack('en', 'captions')];
    expect(chooseSubtitles(subs, 'ta')).toBe(false);
    expect(subs.map((track) => track.mode)).toEqual(['disabled', 'disabled']);
    expect(chooseSubtitles(subs, 'en')).toBe(true);
    expect(subs.map((track) => track.mode)).toEqual(['showing', 'disabled']);
  });
});
