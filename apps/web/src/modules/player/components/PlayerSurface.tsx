import type { PlaybackSession } from '@app/contracts';
import type { MediaController as MediaControllerElement } from 'media-chrome';
import HlsVideo from 'hls-video-element/react';
import {
  MediaControlBar,
  MediaController,
  MediaFullscreenButton,
  MediaLoadingIndicator,
  MediaMuteButton,
  MediaPipButton,
  MediaPlayButton,
  MediaSeekBackwardButton,
  MediaSeekForwardButton,
  MediaTimeDisplay,
  MediaTimeRange,
  MediaVolumeRange,
} from 'media-chrome/react';
import {
  MediaAudioTrackMenu,
  MediaAudioTrackMenuButton,
  MediaCaptionsMenu,
  MediaCaptionsMenuButton,
  MediaPlaybackRateMenu,
  MediaPlaybackRateMenuButton,
  MediaRenditionMenu,
  MediaRenditionMenuButton,
} from 'media-chrome/react/menu';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useCaptionStyle } from '@web/modules/profiles/hooks/useCaptionStyle';
import a11y from '@web/shared/ui/a11y.module.css';
import { adoptCueRules, captionVariables } from '../caption-style';
import { usePlaybackAnnouncement } from '../hooks/usePlaybackAnnouncement';
import { JUMP_SECONDS, usePlayerKeys } from '../hooks/usePlayerKeys';
import { useTrackChoices } from '../hooks/useTrackChoices';
import type { PlaybackMedia } from '../hooks/usePlaybackHeartbeat';
import { type PreferredLanguages, type TrackedMedia, useTrackLanguages } from '../hooks/useTrackLanguages';
import { useMediaChromeTexts } from '../media-chrome-texts';
import { type StreamToken, tokenRunningOut, tokenSwapConfig, withToken } from '../stream-token';
import type { TrackChoice } from '../track-choices';
import { CaptionStyleMenu } from './CaptionStyleMenu';
import styles from './PlayerSurface.module.css';

export type PlayerSurfaceProps = {
  session: PlaybackSession;
  /** The newest stream token of the session's lease (its heartbeats renew it): every later request carries it. */
  token: StreamToken;
  /** Names the player for assistive technology. */
  label: string;
  /** Where playback starts, in seconds (the resume point, or 0). */
  startPosition: number;
  /** The playing element once mounted (null when it goes), for the heartbeat. */
  onMedia: (media: PlaybackMedia | null) => void;
  /** Overlays that must stay inside the player, fullscreen included (the rental countdown). */
  children?: ReactNode;
  /** The languages to start in (issue 26: the series' last choice, else the profile's), chosen as tracks appear. */
  languages?: PreferredLanguages;
  /** An audio or subtitle language the viewer picked in the menus. */
  onTracksChosen?: (choice: TrackChoice) => void;
};

const NO_PREFERENCE: PreferredLanguages = { audio: null, subtitles: null };
const IGNORE_CHOICE = () => undefined;
const RATES = [0.5, 0.75, 1, 1.25, 1.5, 2];
/** media-chrome finds the preview thumbnails by this label of a metadata track: a name, never shown. */
const THUMBNAILS_TRACK = 'thumbnails';

type HlsVideoElement = PlaybackMedia & { config: object | null; src: string };
type VideoElement = PlaybackMedia & HTMLVideoElement;
/** What the surface reads of the playing element: its tracks (hls.js's too) and its volume. */
type TrackedVideo = PlaybackMedia & TrackedMedia & { volume: number; muted: boolean };
const isHlsVideo = (media: PlaybackMedia): media is HlsVideoElement =>
  media instanceof HTMLElement && media.localName === 'hls-video';

/** MSE (or Safari's managed MSE) lets hls.js play HLS; Safari on iOS plays HLS natively. Otherwise: the MP4. */
const canPlayHls = () =>
  'MediaSource' in window ||
  'ManagedMediaSource' in window ||
  document.createElement('video').canPlayType('application/vnd.apple.mpegurl') !== '';

/**
 * The MP4 is fetched by the browser in ranges as it plays: once its token ran out, a refused range ends in an
 * error, and the same file with the newest token carries on from the same position.
 */
const reloadOnRefusal = (media: VideoElement, freshUrl: () => string) => {
  media.addEventListener('error', () => {
    const url = freshUrl();
    if (media.currentSrc === new URL(url, document.baseURI).href) return;
    const position = media.currentTime;
    const paused = media.paused;
    media.src = url;
    media.addEventListener(
      'loadedmetadata',
      () => {
        media.currentTime = position;
        if (!paused) void media.play().catch(() => undefined);
      },
      { once: true },
    );
  });
};

/**
 * The player itself: media-chrome's controls over `<hls-video>` (hls.js) with the signed master playlist, or a
 * plain `<video>` with the MP4 where neither MSE nor native HLS exists. Preview thumbnails come from the
 * trickplay WebVTT index; the quality menu lists Auto plus the renditions the signed playlist allows
 * (DECISIONS 26). Stream tokens are short-lived (DECISIONS 35): hls.js puts the newest one in each request it
 * makes, the trickplay index takes it before the one it carries runs out, and the MP4 picks it up where a request
 * was refused, at the same position. Audio and subtitle menus list the title's renditions (hls.js), the given
 * languages chosen first (useTrackLanguages) and the viewer's picks reported (useTrackChoices); subtitles are drawn
 * in the profile's style (CaptionStyleMenu). Every key is usePlayerKeys' (media-chrome's hotkeys are off); a live
 * region says play, pause and where a seek landed. This file and the libraries it imports form the player's own
 * chunk, loaded only when a title is about to play.
 */
export const PlayerSurface = ({
  session,
  token,
  label,
  startPosition,
  onMedia,
  children,
  languages = NO_PREFERENCE,
  onTracksChosen = IGNORE_CHOICE,
}: PlayerSurfaceProps) => {
  const language = useMediaChromeTexts();
  const controller = useRef<MediaControllerElement>(null);
  const [tracked, setTracked] = useState<TrackedVideo | null>(null);
  useTrackLanguages(tracked, languages);
  useTrackChoices(controller, tracked, onTracksChosen);
  const playing = useCallback(() => tracked, [tracked]);
  usePlayerKeys(controller, playing);
  const announcement = usePlaybackAnnouncement(tracked, session.durationSeconds);
  const { style: captions } = useCaptionStyle();
  const hls = useMemo(canPlayHls, []);
  // Read by each request, so a new token never re-creates hls.js.
  const latestToken = useRef(token.token);
  useEffect(() => {
    latestToken.current = token.token;
  }, [token.token]);
  // TOOLCHAIN.md: VOD settings for hls.js.
  const config = useMemo(
    () => ({
      lowLatencyMode: false,
      startPosition,
      capLevelToPlayerSize: true,
      backBufferLength: 30,
      // The profile's languages (issue 26): hls.js starts with them, so no switch follows the first fragments.
      ...(languages.audio ? { audioPreference: { lang: languages.audio } } : {}),
      ...(languages.subtitles ? { subtitlePreference: { lang: languages.subtitles } } : {}),
      ...tokenSwapConfig(() => latestToken.current),
    }),
    [startPosition, languages.audio, languages.subtitles],
  );
  // The trickplay index is fetched by the browser, and its sprites resolve against its URL: it takes the newest
  // token only when its own is about to run out, not on every heartbeat.
  const [trackToken, setTrackToken] = useState(token);
  if (token.token !== trackToken.token && tokenRunningOut(trackToken.expiresAt, Date.now()))
    setTrackToken(token);

  // Keyboard shortcuts act on the focused player, so it takes focus as playback starts.
  useEffect(() => controller.current?.focus(), []);

  // <hls-video> creates hls.js as soon as it has a `src`, with the `config` it holds at that moment; React sets
  // the src attribute before the config property, so hls.js would start at 0. The element therefore gets its
  // config first and its src after, here. The plain <video> (MP4) has no start option: once it knows its
  // duration, it is sought to the resume point.
  const attachMedia = useCallback(
    (media: PlaybackMedia | null) => {
      onMedia(media);
      setTracked(media as TrackedVideo | null);
      if (!media) return;
      if (media instanceof Element) adoptCueRules(media);
      if (isHlsVideo(media)) {
        media.config = config;
        media.src = session.hlsUrl;
        return;
      }
      reloadOnRefusal(media as VideoElement, () => withToken(session.mp4Url, latestToken.current));
      if (startPosition <= 0) return;
      media.addEventListener(
        'loadedmetadata',
        () => {
          if (Math.abs(media.currentTime - startPosition) > 1) media.currentTime = startPosition;
        },
        { once: true },
      );
    },
    [onMedia, startPosition, config, session.hlsUrl, session.mp4Url],
  );

  const thumbnails = session.trickplayUrl ? (
    <track
      kind="metadata"
      label={THUMBNAILS_TRACK}
      default
      src={withToken(session.trickplayUrl, trackToken.token)}
    />
  ) : null;

  return (
    <MediaController
      ref={controller}
      className={styles.controller}
      style={captionVariables(captions)}
      tabIndex={-1}
      aria-label={label}
      lang={language}
      noHotkeys
    >
      {hls ? (
        <HlsVideo slot="media" ref={attachMedia} className={styles.media} autoplay playsInline preload="auto">
          {thumbnails}
        </HlsVideo>
      ) : (
        <video
          slot="media"
          ref={attachMedia}
          className={styles.media}
          src={session.mp4Url}
          autoPlay
          playsInline
          preload="auto"
        >
          {thumbnails}
        </video>
      )}
      <MediaLoadingIndicator slot="centered-chrome" noAutohide />
      <MediaRenditionMenu hidden anchor="auto" />
      <MediaAudioTrackMenu hidden anchor="auto" />
      <MediaCaptionsMenu hidden anchor="auto" />
      <MediaPlaybackRateMenu hidden anchor="auto" rates={RATES} />
      {/* After the menus, which keep their place in the layout while hidden: an overlay here sits on the bar. */}
      {children}
      <p role="status" className={a11y.visuallyHidden}>
        {announcement}
      </p>
      <MediaControlBar className={styles.bar}>
        <MediaPlayButton />
        <MediaSeekBackwardButton seekOffset={JUMP_SECONDS} className={styles.wide} />
        <MediaSeekForwardButton seekOffset={JUMP_SECONDS} className={styles.wide} />
        <MediaMuteButton />
        <MediaVolumeRange className={styles.wide} />
        <MediaTimeRange className={styles.range} />
        {/* Not a toggle (elapsed/remaining): as a button its name would not contain the time it shows (WCAG 2.5.3). */}
        <MediaTimeDisplay showDuration noToggle className={styles.time} />
        <MediaAudioTrackMenuButton />
        <MediaCaptionsMenuButton />
        <CaptionStyleMenu />
        <MediaPlaybackRateMenuButton />
        <MediaRenditionMenuButton />
        <MediaPipButton className={styles.wide} />
        <MediaFullscreenButton />
      </MediaControlBar>
    </MediaController>
  );
};
