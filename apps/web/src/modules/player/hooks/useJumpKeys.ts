import { type RefObject, useEffect } from 'react';

/** j / l jump back and forward this far; the arrows move by ARROW_SEEK_SECONDS (media-chrome's own hotkeys). */
export const JUMP_SECONDS = 10;
export const ARROW_SEEK_SECONDS = 5;
/** media-chrome's tokens turning its own j and l off: they would move as far as the arrows. */
export const JUMP_HOTKEYS_OFF = 'noj nol';

type Seekable = { currentTime: number; duration: number };

/** Where j (back) or l (forward) lands from `current`: never before the start, nor past the end when known. */
export const jumpTarget = (key: 'j' | 'l', { currentTime, duration }: Seekable): number => {
  const next = currentTime + (key === 'l' ? JUMP_SECONDS : -JUMP_SECONDS);
  return Math.max(0, Number.isFinite(duration) && duration > 0 ? Math.min(next, duration) : next);
};

const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * The keyboard's j and l inside the player (issue 26: j/l ∓10 s while ←/→ move ∓5 s): media-chrome binds both
 * pairs to one offset, so it keeps the arrows and these two are handled here, on the focused player.
 */
export const useJumpKeys = (
  player: RefObject<HTMLElement | null>,
  media: () => Seekable | null | undefined,
): void => {
  useEffect(() => {
    const element = player.current;
    if (!element) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.metaKey || event.ctrlKey || event.altKey || typing(event.target)) return;
      if (event.key !== 'j' && event.key !== 'l') return;
      const playing = media();
      if (!playing) return;
      playing.currentTime = jumpTarget(event.key, playing);
    };
    element.addEventListener('keydown', onKey);
    return () => element.removeEventListener('keydown', onKey);
  }, [player, media]);
};
