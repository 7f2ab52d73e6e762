import { fireEvent, render } from '@testing-library/react';
import { useRef } from 'react';
import { type PlayerState, Requests, requestFor, usePlayerKeys } from './usePlayerKeys';

const media = { paused: true, currentTime: 30, duration: 100, volume: 0.5, muted: false };

/** Like the playing element: its state is read through the prototype's getters, as an HTMLMediaElement's is. */
class PlayingElement {
  get paused() {
    return media.paused;
  }
  get currentTime() {
    return media.currentTime;
  }
  get duration() {
    return media.duration;
  }
  get volume() {
    return media.volume;
  }
  get muted() {
    return media.muted;
  }
}
const element = new PlayingElement();

const Player = () => {
  const ref = useRef<HTMLDivElement>(null);
  usePlayerKeys(ref, () => element);
  return (
    <div ref={ref} data-testid="player">
      <button type="button">Audio</button>
      {/* A media-chrome control that takes keys itself, as the seek bar takes the arrows. */}
      <div
        role="slider"
        aria-label="Seek"
        aria-valuenow={30}
        tabIndex={0}
        {...{ keysused: 'ArrowLeft ArrowRight' }}
      />
      <input aria-label="Search" />
    </div>
  );
};

/** The requests the player sent to media-chrome's controller, as [type, detail] (null: none). */
const requestsOf = (player: HTMLElement) => {
  const sent: Array<[string, unknown]> = [];
  for (const type of Object.values(Requests))
    player.addEventListener(type, (event) => sent.push([type, (event as CustomEvent).detail]));
  return sent;
};

describe("the player's keys (issue 26)", () => {
  const state = (overrides: Partial<PlayerState> = {}): PlayerState => ({
    ...media,
    fullscreen: false,
    ...overrides,
  });

  it.each([
    [' ', state(), { type: Requests.play }],
    ['k', state({ paused: false }), { type: Requests.pause }],
    ['j', state(), { type: Requests.seek, detail: 20 }],
    ['l', state(), { type: Requests.seek, detail: 40 }],
    ['ArrowLeft', state(), { type: Requests.seek, detail: 25 }],
    ['ArrowRight', state(), { type: Requests.seek, detail: 35 }],
    ['ArrowUp', state(), { type: Requests.volume, detail: 0.55 }],
    ['ArrowDown', state(), { type: Requests.volume, detail: 0.45 }],
    ['f', state(), { type: Requests.enterFullscreen }],
    ['f', state({ fullscreen: true }), { type: Requests.exitFullscreen }],
    ['m', state(), { type: Requests.mute }],
    ['m', state({ muted: true }), { type: Requests.unmute }],
    ['c', state(), { type: Requests.toggleSubtitles }],
  ])('%s asks for %j', (key, playing, request) => {
    expect(requestFor(key, playing)).toEqual(request);
  });

  it('never seeks before the start nor past the end, nor sets the volume outside 0 to 1', () => {
    expect(requestFor('j', state({ currentTime: 4 }))?.detail).toBe(0);
    expect(requestFor('l', state({ currentTime: 95 }))?.detail).toBe(100);
    expect(requestFor('l', state({ currentTime: 95, duration: Number.NaN }))?.detail).toBe(105);
    expect(requestFor('ArrowUp', state({ volume: 0.98 }))?.detail).toBe(1);
    expect(requestFor('ArrowDown', state({ volume: 0.02 }))?.detail).toBe(0);
    expect(requestFor('x', state())).toBeNull();
  });

  it('act on the player and its buttons, not while typing, with a modifier, or on a control that takes the key', () => {
    const { getByTestId, getByRole } = render(<Player />);
    const player = getByTestId('player');
    const sent = requestsOf(player);

    fireEvent.keyDown(player, { key: 'k' });
    fireEvent.keyDown(getByRole('button', { name: 'Audio' }), { key: 'l' });
    const space = fireEvent.keyDown(player, { key: ' ' });
    // The page does not scroll under the player.
    expect(space).toBe(false);
    expect(sent).toEqual([
      [Requests.play, null],
      [Requests.seek, 40],
      [Requests.play, null],
    ]);

    // A button's space presses the button.
    fireEvent.keyDown(getByRole('button', { name: 'Audio' }), { key: ' ' });
    fireEvent.keyDown(getByRole('textbox', { name: 'Search' }), { key: 'k' });
    fireEvent.keyDown(player, { key: 'l', ctrlKey: true });
    fireEvent.keyDown(getByRole('slider', { name: 'Seek' }), { key: 'ArrowRight' });
    expect(sent).toHaveLength(3);
    // The seek bar keeps its arrows, not the other keys.
    fireEvent.keyDown(getByRole('slider', { name: 'Seek' }), { key: 'm' });
    expect(sent.at(-1)).toEqual([Requests.mute, null]);
  });
});
