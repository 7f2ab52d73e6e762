import { act, render, waitFor } from '@testing-library/react';
import { useRef } from 'react';
import { signInAs } from '@web/modules/movies/testing/browse-test-kit';
import { aHousehold, aProfile, profileToken } from '@web/modules/profiles/testing/profiles-test-kit';
import { type FakeApi, startFakeApi } from '@web/test/fake-api';
import { renderHookWithApi } from '@web/test/render-hook';
import type { TrackChoice } from '../track-choices';
import { useSeriesTracks } from './useSeriesTracks';
import { useTrackChoices } from './useTrackChoices';
import type { TrackedMedia } from './useTrackLanguages';

const SERIES = '65f0c0ffee00000000000777';
const OTHER_SERIES = '65f0c0ffee00000000000778';

class FakeTrackList<T> extends EventTarget {
  [index: number]: T;
  length = 0;
  constructor(tracks: T[]) {
    super();
    tracks.forEach((track, i) => (this[i] = track));
    this.length = tracks.length;
  }
}

describe('the last audio and subtitles chosen in a series (issue 26)', () => {
  let api: FakeApi;
  const asha = aProfile({ name: 'Asha', audioLanguage: 'hi', subtitleLanguage: 'en' });
  const ravi = aProfile({ name: 'Ravi', audioLanguage: 'en', subtitleLanguage: null });

  beforeEach(async () => {
    window.localStorage.clear();
    api = await startFakeApi(() => undefined);
    const household = aHousehold([asha, ravi]);
    api.respond((request, url, body) => household.route(request, url, body));
    signInAs('user');
  });

  afterEach(async () => {
    await api.close();
  });

  const tracksOf = async (profileId: string, seriesId: string | undefined) => {
    window.localStorage.setItem('token', profileToken(profileId));
    const view = renderHookWithApi(() => useSeriesTracks(seriesId), { apiBaseUrl: api.baseUrl });
    await waitFor(() => expect(view.result.current.languages.audio).not.toBeNull());
    return view;
  };

  it("start in the profile's languages; Tamil picked in episode 1 plays Tamil in episode 2, for that profile", async () => {
    const first = await tracksOf(asha.id, SERIES);
    expect(first.result.current.languages).toEqual({ audio: 'hi', subtitles: 'en' });
    act(() => first.result.current.remember({ audio: 'ta' }));
    act(() => first.result.current.remember({ subtitles: null }));
    // Episode 1 keeps playing as it started: hls.js is not configured again.
    expect(first.result.current.languages).toEqual({ audio: 'hi', subtitles: 'en' });
    first.unmount();

    const second = await tracksOf(asha.id, SERIES);
    expect(second.result.current.languages).toEqual({ audio: 'ta', subtitles: null });
    second.unmount();
    // Another series, another profile, a movie: the profile's own languages.
    const other = await tracksOf(asha.id, OTHER_SERIES);
    expect(other.result.current.languages).toEqual({ audio: 'hi', subtitles: 'en' });
    other.unmount();
    const brother = await tracksOf(ravi.id, SERIES);
    expect(brother.result.current.languages).toEqual({ audio: 'en', subtitles: null });
    brother.unmount();
    const movie = await tracksOf(asha.id, undefined);
    act(() => movie.result.current.remember({ audio: 'en' }));
    expect((await tracksOf(asha.id, SERIES)).result.current.languages.audio).toBe('ta');
  });

  it('ignore what storage holds that is not a choice', async () => {
    window.localStorage.setItem(`trackChoices:${asha.id}`, '{"oops":');
    expect((await tracksOf(asha.id, SERIES)).result.current.languages).toEqual({
      audio: 'hi',
      subtitles: 'en',
    });
  });
});

describe("the viewer's picks in the player's menus", () => {
  const Surface = ({ media, onChosen }: { media: TrackedMedia; onChosen: (choice: TrackChoice) => void }) => {
    const ref = useRef<HTMLDivElement>(null);
    useTrackChoices(ref, media, onChosen);
    return <div ref={ref} data-testid="player" />;
  };

  it('are reported once media-chrome applied them; tracks the player enabled itself are not', () => {
    jest.useFakeTimers();
    const hindi = { language: 'hi', enabled: true };
    const tamil = { language: 'ta', enabled: false };
    const english = { language: 'en', kind: 'subtitles', mode: 'showing' as TextTrackMode };
    const media = {
      audioTracks: new FakeTrackList([hindi, tamil]),
      textTracks: new FakeTrackList([english]),
    };
    const onChosen = jest.fn();
    const { getByTestId } = render(<Surface media={media} onChosen={onChosen} />);
    const player = getByTestId('player');

    // The player's own start (the profile's languages) changes tracks without a request.
    media.audioTracks.dispatchEvent(new Event('change'));
    act(() => jest.runAllTimers());
    expect(onChosen).not.toHaveBeenCalled();

    // The audio menu's request, then media-chrome switching the track.
    player.dispatchEvent(new CustomEvent('mediaaudiotrackrequest', { bubbles: true, detail: 'ta' }));
    hindi.enabled = false;
    tamil.enabled = true;
    // c (or the captions menu) turns subtitles off.
    player.dispatchEvent(new CustomEvent('mediatogglesubtitlesrequest', { bubbles: true }));
    english.mode = 'disabled';
    act(() => jest.runAllTimers());
    expect(onChosen.mock.calls).toEqual([[{ audio: 'ta' }], [{ subtitles: null }]]);
    jest.useRealTimers();
  });
});
