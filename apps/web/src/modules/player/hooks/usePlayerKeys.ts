import { type RefObject, useEffect } from 'react';

/** j / l jump back and forward this far; ← / → move ARROW_SEEK_SECONDS (issue 26). */
export const JUMP_SECONDS = 10;
export const ARROW_SEEK_SECONDS = 5;
/** ↑ / ↓ change the volume by this much (of 1). */
export const VOLUME_STEP = 0.05;

/** What a key asks of the player: the request event media-chrome's controller acts on, with its detail. */
export type PlayerRequest = { type: string; detail?: number };
/** What the keys read of the playing element and the page. */
export type PlayerState = {
  paused: boolean;
  currentTime: number;
  duration: number;
  volume: number;
  muted: boolean;
  fullscreen: boolean;
};

/** media-chrome's request events (its MediaUIEvents), named here so this hook needs none of its code. */
export const Requests = {
  play: 'mediaplayrequest',
  pause: 'mediapauserequest',
  seek: 'mediaseekrequest',
  volume: 'mediavolumerequest',
  mute: 'mediamuterequest',
  unmute: 'mediaunmuterequest',
  enterFullscreen: 'mediaenterfullscreenrequest',
  exitFullscreen: 'mediaexitfullscreenrequest',
  toggleSubtitles: 'mediatogglesubtitlesrequest',
} as const;

const seekBy = (seconds: number, { currentTime, duration }: PlayerState): PlayerRequest => {
  const next = currentTime + seconds;
  const end = Number.isFinite(duration) && duration > 0 ? duration : Number.POSITIVE_INFINITY;
  return { type: Requests.seek, detail: Math.max(0, Math.min(next, end)) };
};

const volumeBy = (step: number, { volume }: PlayerState): PlayerRequest => ({
  type: Requests.volume,
  detail: Math.round(Math.max(0, Math.min(1, volume + step)) * 100) / 100,
});

/**
 * Issue 26's keys: space/k play-pause, j/l ∓10 s, ←/→ ∓5 s, ↑/↓ volume, f fullscreen, m mute, c captions; null
 * for any other key.
 */
export const requestFor = (key: string, state: PlayerState): PlayerRequest | null => {
  switch (key) {
    case ' ':
    case 'k':
      return { type: state.paused ? Requests.play : Requests.pause };
    case 'j':
      return seekBy(-JUMP_SECONDS, state);
    case 'l':
      return seekBy(JUMP_SECONDS, state);
    case 'ArrowLeft':
      return seekBy(-ARROW_SEEK_SECONDS, state);
    case 'ArrowRight':
      return seekBy(ARROW_SEEK_SECONDS, state);
    case 'ArrowUp':
      return volumeBy(VOLUME_STEP, state);
    case 'ArrowDown':
      return volumeBy(-VOLUME_STEP, state);
    case 'f':
      return { type: state.fullscreen ? Requests.exitFullscreen : Requests.enterFullscreen };
    case 'm':
      return { type: state.muted ? Requests.unmute : Requests.mute };
    case 'c':
      return { type: Requests.toggleSubtitles };
    default:
      return null;
  }
};

/**
 * Keys a control takes for itself: a native button's Enter and space, and what media-chrome's controls declare
 * (their buttons' Enter and space, a range's arrows).
 */
const keysUsedBy = (element: EventTarget): string[] => {
  if (element instanceof HTMLButtonElement) return ['Enter', ' '];
  if (!(element instanceof Element)) return [];
  const named = element.getAttribute('keysused')?.split(' ');
  const own = (element as Element & { keysUsed?: unknown }).keysUsed;
  const keys = named ?? (Array.isArray(own) ? (own as string[]) : []);
  return keys.map((key) => (key === 'Space' ? ' ' : key));
};

const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * The player's keyboard, in one place: on the focused player or any control in it, each key of `requestFor` becomes
 * the request media-chrome's controller acts on (its own hotkeys are off: they bind j/l and the arrows to one
 * offset). A control that uses the key itself (the seek bar's arrows, a button's space, a menu's arrows) keeps it.
 */
export const usePlayerKeys = (
  player: RefObject<HTMLElement | null>,
  media: () => Omit<PlayerState, 'fullscreen'> | null | undefined,
): void => {
  useEffect(() => {
    const element = player.current;
    if (!element) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.metaKey || event.ctrlKey || event.altKey || typing(event.target)) return;
      const path = event.composedPath();
      const inside = path.slice(0, Math.max(0, path.indexOf(element)));
      if (inside.some((target) => keysUsedBy(target).includes(event.key))) return;
      const playing = media();
      if (!playing) return;
      // Read one by one: the playing element's state is in its prototype's getters, which a spread would not copy.
      const request = requestFor(event.key, {
        paused: playing.paused,
        currentTime: playing.currentTime,
        duration: playing.duration,
        volume: playing.volume,
        muted: playing.muted,
        fullscreen: Boolean(document.fullscreenElement),
      });
      if (!request) return;
      // Space and the arrows would scroll the page as well.
      event.preventDefault();
      element.dispatchEvent(
        new CustomEvent(request.type, { bubbles: true, composed: true, detail: request.detail }),
      );
    };
    element.addEventListener('keydown', onKey);
    return () => element.removeEventListener('keydown', onKey);
  }, [player, media]);
};
