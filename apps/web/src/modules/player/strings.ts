import type { StreamingMessages } from '@app/contracts';

type Messages = typeof StreamingMessages;

/**
 * The server's texts (contracts StreamingMessages), repeated here because streaming.ts also declares zod schemas
 * that a value import would pull into the player's chunk; `satisfies` keeps the two equal.
 */
const streaming = {
  screenLimit: 'All your screens are in use. Stop a stream to watch here.',
  streamStopped: 'This stream was stopped from another screen.',
  noMedia: 'Coming soon: this title cannot be played yet.',
  notVideo: 'That file is not a video we can read.',
  tooLarge: 'The file is too large.',
} as const satisfies Partial<Messages>;

/** Every visible text of the player and its two screens (SPEC 2 "Player screens", issue 10). */
export const playerStrings = {
  ...streaming,
  // SPEC 2: /video-player and /video
  movieTitleFallback: 'Movie Title',
  backToDashboard: 'Back to Dashboard',
  noMovieSelected: 'No movie selected',
  noMovieLine: 'Pick a title from the home page to start watching.',
  goToHome: 'Go to Home',
  movieDetails: 'Movie Details',
  nowPlaying: 'Now playing',

  // The player
  playerLabel: 'Video player: {{title}}',
  starting: 'Starting playback...',
  resumeHeading: 'Continue watching?',
  resumeFrom: 'Resume from {{time}}',
  startOver: 'Start over',
  hoursLeft: '{{hours}} h left',
  minutesLeft: '{{minutes}} min left',
  rentalEnded: 'Your rental has ended',
  /** What a screen reader hears of the countdown: "Rental time left: 5 h left". */
  rentalLabel: 'Rental time left: {{left}}',
  playHere: 'Play here',
  /** Issue 26: what a screen reader hears on play, pause and after a seek. */
  announcePlaying: 'Playing, {{position}}',
  announcePaused: 'Paused, {{position}}',
  positionOf: '{{time}} of {{duration}}',
  tryAgain: 'Try Again',
  failed: 'Playback could not start. Please try again.',
  signInToWatch: 'Sign in to watch',
  signInLine: 'Sign in to your Streamly account to watch this title.',
  signIn: 'Sign In',
  comingSoon: 'Coming soon',

  // Screen limit (DECISIONS 9)
  screensHeading: 'Screens in use',
  screensLine_one: 'Your plan plays on {{count}} screen at a time.',
  screensLine_other: 'Your plan plays on {{count}} screens at a time.',
  streamsLoading: 'Loading your streams...',
  streamsFailed: 'Could not load your streams.',
  startedAt: 'Started {{time}}',
  thisDevice: 'This device',
  /** Said before the class over the first seconds of playback (issue 25): "Rated U/A 13+ · Violence, Language". */
  ratedPrefix: 'Rated ',
  /** Issue 25: the profile watching on that screen. */
  watchingProfile: 'Profile: {{name}}',
  stopThatStream: 'Stop that stream',
  stopStreamLabel: 'Stop that stream: {{title}} on {{device}}',
  stopping: 'Stopping...',
  stopFailed: 'Could not stop that stream. Please try again.',
  unknownDevice: 'A browser',

  /**
   * media-chrome's own texts (its controls' names, tooltips, time and errors), said in the interface's language;
   * `{name}` in single braces is media-chrome's to fill (media-chrome-texts.ts).
   */
  controls: {
    audio: 'Audio',
    captions: 'Captions',
    enableCaptions: 'Enable captions',
    disableCaptions: 'Disable captions',
    enterFullscreen: 'Enter fullscreen mode',
    exitFullscreen: 'Exit fullscreen mode',
    mute: 'Mute',
    unmute: 'Unmute',
    enterPip: 'Enter picture in picture mode',
    exitPip: 'Exit picture in picture mode',
    play: 'Play',
    pause: 'Pause',
    playbackRate: 'Playback rate',
    playbackRateIs: 'Playback rate {playbackRate}x',
    quality: 'Quality',
    seekBackward: 'Seek backward',
    seekForward: 'Seek forward',
    auto: 'Auto',
    off: 'Off',
    videoPlayer: 'video player',
    volume: 'volume',
    seek: 'seek',
    closedCaptions: 'closed captions',
    currentRate: 'current playback rate',
    playbackTime: 'playback time',
    loading: 'media loading',
    audioTracks: 'audio tracks',
    qualityMenu: 'quality',
    playLabel: 'play',
    pauseLabel: 'pause',
    muteLabel: 'mute',
    unmuteLabel: 'unmute',
    enterFullscreenLabel: 'enter fullscreen mode',
    exitFullscreenLabel: 'exit fullscreen mode',
    enterPipLabel: 'enter picture in picture mode',
    exitPipLabel: 'exit picture in picture mode',
    seekBack: 'seek back {seekOffset} seconds',
    seekAhead: 'seek forward {seekOffset} seconds',
    networkError: 'Network Error',
    decodeError: 'Decode Error',
    sourceNotSupported: 'Source Not Supported',
    networkErrorLine: 'A network error caused the media download to fail.',
    decodeErrorLine:
      'A media error caused playback to be aborted. The media could be corrupt or your browser does not support this format.',
    sourceNotSupportedLine:
      'An unsupported error occurred. The server or network failed, or your browser does not support this format.',
    hour: 'hour',
    hours: 'hours',
    minute: 'minute',
    minutes: 'minutes',
    second: 'second',
    seconds: 'seconds',
    remaining: '{time} remaining',
    timeOf: '{currentTime} of {totalTime}',
    unknownTime: 'video not loaded, unknown time.',
  },
} as const;
