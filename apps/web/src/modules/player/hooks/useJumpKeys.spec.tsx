import { fireEvent, render } from '@testing-library/react';
import { useRef } from 'react';
import { jumpTarget, useJumpKeys } from './useJumpKeys';

const media = { currentTime: 30, duration: 100 };

const Player = () => {
  const ref = useRef<HTMLDivElement>(null);
  useJumpKeys(ref, () => media);
  return (
    <div ref={ref} data-testid="player">
      <button type="button">Play</button>
      <input aria-label="Search" />
    </div>
  );
};

describe('j and l in the player', () => {
  it('jump back and forward 10 s, never before the start nor past the end', () => {
    expect(jumpTarget('l', { currentTime: 30, duration: 100 })).toBe(40);
    expect(jumpTarget('j', { currentTime: 30, duration: 100 })).toBe(20);
    expect(jumpTarget('j', { currentTime: 4, duration: 100 })).toBe(0);
    expect(jumpTarget('l', { currentTime: 95, duration: 100 })).toBe(100);
    expect(jumpTarget('l', { currentTime: 95, duration: Number.NaN })).toBe(105);
  });

  it('move the playhead when pressed on the player or a control in it, not while typing or with a modifier', () => {
    const { getByTestId, getByRole } = render(<Player />);
    media.currentTime = 30;
    fireEvent.keyDown(getByTestId('player'), { key: 'l' });
    expect(media.currentTime).toBe(40);
    fireEvent.keyDown(getByRole('button', { name: 'Play' }), { key: 'j' });
    fireEvent.keyDown(getByRole('button', { name: 'Play' }), { key: 'j' });
    expect(media.currentTime).toBe(20);
    fireEvent.keyDown(getByRole('textbox', { name: 'Search' }), { key: 'l' });
    fireEvent.keyDown(getByTestId('player'), { key: 'l', ctrlKey: true });
    fireEvent.keyDown(getByTestId('player'), { key: 'k' });
    expect(media.currentTime).toBe(20);
  });
});
