import { addTranslation, setLanguage } from 'media-chrome/dist/utils/i18n.js';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { playerStrings } from './strings';

/** media-chrome's text keys (its lang/en.js) and ours in the player namespace's `controls`. */
const MEDIA_CHROME_KEYS = {
  Audio: 'audio',
  Captions: 'captions',
  'Enable captions': 'enableCaptions',
  'Disable captions': 'disableCaptions',
  'Enter fullscreen mode': 'enterFullscreen',
  'Exit fullscreen mode': 'exitFullscreen',
  Mute: 'mute',
  Unmute: 'unmute',
  'Enter picture in picture mode': 'enterPip',
  'Exit picture in picture mode': 'exitPip',
  Play: 'play',
  Pause: 'pause',
  'Playback rate': 'playbackRate',
  'Playback rate {playbackRate}': 'playbackRateIs',
  Quality: 'quality',
  'Seek backward': 'seekBackward',
  'Seek forward': 'seekForward',
  Auto: 'auto',
  Off: 'off',
  'video player': 'videoPlayer',
  volume: 'volume',
  seek: 'seek',
  'closed captions': 'closedCaptions',
  'current playback rate': 'currentRate',
  'playback time': 'playbackTime',
  'media loading': 'loading',
  'audio tracks': 'audioTracks',
  quality: 'qualityMenu',
  play: 'playLabel',
  pause: 'pauseLabel',
  mute: 'muteLabel',
  unmute: 'unmuteLabel',
  'enter fullscreen mode': 'enterFullscreenLabel',
  'exit fullscreen mode': 'exitFullscreenLabel',
  'enter picture in picture mode': 'enterPipLabel',
  'exit picture in picture mode': 'exitPipLabel',
  'seek back {seekOffset} seconds': 'seekBack',
  'seek forward {seekOffset} seconds': 'seekAhead',
  'Network Error': 'networkError',
  'Decode Error': 'decodeError',
  'Source Not Supported': 'sourceNotSupported',
  'A network error caused the media download to fail.': 'networkErrorLine',
  'A media error caused playback to be aborted. The media could be corrupt or your browser does not support this format.':
    'decodeErrorLine',
  'An unsupported error occurred. The server or network failed, or your browser does not support this format.':
    'sourceNotSupportedLine',
  hour: 'hour',
  hours: 'hours',
  minute: 'minute',
  minutes: 'minutes',
  second: 'second',
  seconds: 'seconds',
  '{time} remaining': 'remaining',
  '{currentTime} of {totalTime}': 'timeOf',
  'video not loaded, unknown time.': 'unknownTime',
} as const satisfies Record<string, keyof (typeof playerStrings)['controls']>;

/**
 * Gives media-chrome the interface's language (issue 26: the Hindi player names its controls in Hindi). Its texts
 * are one dictionary per language, read as each control draws itself: set before the controls are created, hence
 * during render (registering the same texts again is harmless). The speed button's name carries the "1x" it shows
 * (WCAG 2.5.3, label in name), which media-chrome's English leaves out.
 */
export const useMediaChromeTexts = (): void => {
  const { t, i18n } = useTranslation('player');
  const language = i18n.resolvedLanguage ?? i18n.language;
  useMemo(() => {
    addTranslation(
      language,
      Object.fromEntries(Object.entries(MEDIA_CHROME_KEYS).map(([key, id]) => [key, t(`controls.${id}`)])),
    );
    setLanguage(language);
  }, [language, t]);
};
