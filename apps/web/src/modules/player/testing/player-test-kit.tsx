import type { ActiveStream, HeartbeatRequest, PlaybackSession } from '@app/contracts';
import type { PlayerSurfaceProps } from '../components/PlayerSurface';
import type { PlaybackMedia } from '../hooks/usePlaybackHeartbeat';

export const MOVIE_ID = '65f0c0ffee00000000000099';

export const aPlaybackSession = (overrides: Partial<PlaybackSession> = {}): PlaybackSession => ({
  movieId: MOVIE_ID,
  leaseId: 'lease_0000000001',
  token: 'tok.0123456789abcdef',
  hlsUrl: `/stream/t/tok.0123456789abcdef/${MOVIE_ID}/master.m3u8`,
  mp4Url: `/stream/${MOVIE_ID}?token=tok.0123456789abcdef`,
  trickplayUrl: `/stream/t/tok.0123456789abcdef/${MOVIE_ID}/trickplay/index.vtt`,
  durationSeconds: 5400,
  resumePositionSeconds: 0,
  quality: '720p',
  renditions: ['720p', '480p'],
  rental: null,
  expiresAt: '2030-01-01T00:00:00.000Z',
  heartbeatSeconds: 10,
  rating: { classification: 'UA13', descriptors: ['violence', 'language'] },
  ...overrides,
});

type Answer = { status: number; body: unknown };

/**
 * What the playback preview (`GET /api/playback/{id}`) answers where the start (`POST`) would answer `start`: where
 * it resumes, or the same refusal; never 409, since the preview takes no screen.
 */
export const previewAnswer = (start: Answer): Answer => {
  if (start.status !== 200 && start.status !== 409) return start;
  const session = start.status === 200 ? (start.body as Partial<PlaybackSession>) : {};
  return { status: 200, body: { resumePositionSeconds: session.resumePositionSeconds ?? 0 } };
};

export const aStream = (overrides: Partial<ActiveStream> = {}): ActiveStream => ({
  leaseId: 'lease_other00001',
  movieId: '65f0c0ffee00000000000042',
  title: 'Night Train',
  deviceLabel: 'Chrome on Android',
  profileName: 'Ravi',
  startedAt: '2026-03-01T14:30:00.000Z',
  current: false,
  ...overrides,
});

/**
 * Stands in for the media-chrome player under jest (jsdom plays no video): a plain `<video>` handed to the
 * heartbeat, with what the real surface was given written on it.
 */
export const PlayerSurfaceStub = ({
  session,
  token,
  label,
  startPosition,
  onMedia,
  children,
}: PlayerSurfaceProps) => (
  <div
    role="region"
    aria-label={label}
    data-start={startPosition}
    data-src={session.hlsUrl}
    data-token={token.token}
  >
    <video data-testid="media" ref={onMedia} />
    {children}
  </div>
);

/** The element's playhead and state, which jsdom does not move. */
export const setPlayback = (media: HTMLElement, { time, paused }: { time?: number; paused?: boolean }) => {
  if (time !== undefined) Object.defineProperty(media, 'currentTime', { configurable: true, value: time });
  if (paused !== undefined) Object.defineProperty(media, 'paused', { configurable: true, value: paused });
};

/** A media element for the heartbeat hook alone. */
export const fakeMedia = (): PlaybackMedia & { at: (time: number, paused?: boolean) => void } => {
  const target = new EventTarget() as PlaybackMedia & { at: (time: number, paused?: boolean) => void };
  Object.assign(target, { currentTime: 0, duration: 5400, paused: true });
  target.at = (time, paused = false) => Object.assign(target, { currentTime: time, paused });
  return target;
};

/** A Blob that keeps its text: jsdom's Blob cannot be read back synchronously, nor has it `text()`. */
class ReadableBlob extends Blob {
  readonly source: string;
  constructor(parts: BlobPart[] = [], options?: BlobPropertyBag) {
    super(parts, options);
    this.source = parts.map((part) => (typeof part === 'string' ? part : '')).join('');
  }
}

/** navigator.sendBeacon (jsdom has none): records what a hidden or closing page sent. */
export const installBeacon = () => {
  const sent: Array<{ url: string; type: string; body: HeartbeatRequest }> = [];
  const OriginalBlob = globalThis.Blob;
  globalThis.Blob = ReadableBlob;
  const sendBeacon = jest.fn((url: string, data: Blob) => {
    const source = data instanceof ReadableBlob ? data.source : 'null';
    sent.push({ url, type: data.type, body: JSON.parse(source) as HeartbeatRequest });
    return true;
  });
  Object.defineProperty(navigator, 'sendBeacon', { configurable: true, value: sendBeacon });
  return {
    sendBeacon,
    sent,
    events: () => sent.map(({ body }) => [body.event, body.positionSeconds]),
    uninstall: () => {
      globalThis.Blob = OriginalBlob;
      Reflect.deleteProperty(navigator, 'sendBeacon');
    },
  };
};
