import type { HeartbeatRequest, PlaybackEvent, PlaybackSession } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useApiClient } from '@web/shared/api/ApiClientProvider';
import { playbackApi } from '../api/playback.api';
import type { StreamToken } from '../stream-token';

/** What the heartbeat reads of the playing element: `<hls-video>` and `<video>` both have it. */
export type PlaybackMedia = EventTarget & { currentTime: number; duration: number; paused: boolean };

type HeartbeatOptions = {
  session: PlaybackSession | null;
  /** The playing element; null until the player's surface has it (the lease is kept and released meanwhile). */
  media: PlaybackMedia | null;
  /** Where playback starts: the position reported while there is no media element yet. */
  startPosition: number;
  /** The server says the lease is gone: another screen stopped this stream (or it ran out). */
  onLeaseLost: () => void;
  /** A heartbeat of the live lease answered a fresh stream token: every later request carries it. */
  onToken: (token: StreamToken) => void;
};

const MAX_SECONDS = 86_400;
const seconds = (value: number) => Math.min(MAX_SECONDS, Math.max(0, Math.round(value * 10) / 10));

/** The report that gives a screen back when nothing was played with it: at `position`, no watch time. */
export const exitReport = (
  session: PlaybackSession,
  position: number,
  token = session.token,
): HeartbeatRequest => ({
  token,
  leaseId: session.leaseId,
  positionSeconds: seconds(position),
  durationSeconds: session.durationSeconds,
  event: 'exit',
  watchedSeconds: 0,
});

/**
 * The viewer's watch time: wall-clock seconds while the media plays ('playing' until 'pause', 'waiting' for
 * data, 'ended'), so paused and buffering time is not counted. Each report takes what was played since the
 * previous one.
 */
const playClock = (now: () => number) => {
  let played = 0;
  let since: number | null = null;
  const stop = () => {
    if (since !== null) played += now() - since;
    since = null;
  };
  return {
    start: () => {
      if (since === null) since = now();
    },
    stop,
    /** Seconds played since the last take (to 0.1 s; the rest goes to the next), counting on if it was. */
    take: (): number => {
      const running = since !== null;
      stop();
      const taken = seconds(played / 1000);
      played -= taken * 1000;
      if (running) since = now();
      return taken;
    },
  };
};

/**
 * Reports where the viewer is and the seconds watched since the last report (DECISIONS 10), and keeps this
 * screen's lease (DECISIONS 9): every `heartbeatSeconds` while the player is open ('tick' while playing; 'pause'
 * while paused, because a lease not renewed for LEASE_TTL_SECONDS is lost and the viewer coming back from a pause
 * would read "stopped from another screen"), at once on pause, seek and end, and 'exit' when the player goes
 * away, whether or not its media element ever existed. A page being hidden or closed reports with sendBeacon, the
 * one request a closing page still sends. Each answer of a live lease brings the stream token every later report
 * and request carries (DECISIONS 35).
 */
export const usePlaybackHeartbeat = ({
  session,
  media,
  startPosition,
  onLeaseLost,
  onToken,
}: HeartbeatOptions) => {
  const client = useApiClient();
  const { mutateAsync } = useMutation({
    mutationFn: (body: HeartbeatRequest) => playbackApi.heartbeat(client, body),
  });
  const callbacks = useRef({ onLeaseLost, onToken });
  /** The newest token of each lease (the session's own until a heartbeat answers another). */
  const tokens = useRef(new Map<string, string>());
  const pendingExit = useRef<{ leaseId: string; timer: ReturnType<typeof setTimeout> } | null>(null);

  useEffect(() => {
    callbacks.current = { onLeaseLost, onToken };
  }, [onLeaseLost, onToken]);

  useEffect(() => {
    if (!session) return;
    // StrictMode runs an effect, its cleanup and the effect again, and the media element arrives after the
    // session: the next run for the same lease cancels the previous run's exit.
    if (pendingExit.current?.leaseId === session.leaseId) {
      clearTimeout(pendingExit.current.timer);
      pendingExit.current = null;
    }
    let over = false;
    let played = false;
    let last: { event: PlaybackEvent; position: number } | null = null;
    const clock = playClock(() => Date.now());
    if (media && !media.paused) clock.start();
    const token = () => tokens.current.get(session.leaseId) ?? session.token;

    /** The next report; it takes the watch time played since the previous one. */
    const report = (event: PlaybackEvent): HeartbeatRequest => {
      if (!media) return { ...exitReport(session, startPosition, token()), event };
      const duration = Number.isFinite(media.duration) && media.duration > 0 ? media.duration : null;
      // A pause the element did not announce still ends the count.
      if (media.paused) clock.stop();
      return {
        token: token(),
        leaseId: session.leaseId,
        positionSeconds: seconds(media.currentTime),
        durationSeconds: duration === null ? session.durationSeconds : seconds(duration),
        event,
        watchedSeconds: clock.take(),
      };
    };
    const stop = () => {
      over = true;
      clearInterval(timer);
    };
    const send = (event: PlaybackEvent) => {
      if (over) return;
      const body = report(event);
      last = { event, position: body.positionSeconds };
      mutateAsync(body)
        .then((reply) => {
          if (over) return;
          if (!reply.leaseActive) {
            stop();
            callbacks.current.onLeaseLost();
            return;
          }
          if (reply.token && reply.token !== token()) {
            tokens.current.set(session.leaseId, reply.token);
            callbacks.current.onToken({
              token: reply.token,
              expiresAt: reply.expiresAt ?? session.expiresAt,
            });
          }
        })
        // A lost report is covered by the next one: the lease outlives a few missed heartbeats.
        .catch(() => undefined);
    };
    const beacon = (event: PlaybackEvent) => {
      if (!over) playbackApi.heartbeatBeacon(client, report(event));
    };

    const timer = setInterval(
      () => send(media && !media.paused ? 'tick' : 'pause'),
      session.heartbeatSeconds * 1000,
    );
    const onPlaying = () => {
      played = true;
      clock.start();
    };
    const onPause = () => {
      clock.stop();
      send('pause');
    };
    const onWaiting = () => clock.stop();
    const onSeeked = () => {
      // Seeks before the first frame are the player moving to the resume point, not the viewer.
      if (played) send('seek');
    };
    const onEnded = () => {
      clock.stop();
      const position = seconds(media?.currentTime ?? 0);
      // The element pauses as it ends; report the end once.
      if (last?.event !== 'pause' || last.position !== position) send('pause');
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') beacon(media && !media.paused ? 'tick' : 'pause');
    };
    const onPageHide = () => {
      beacon('exit');
      stop();
    };

    media?.addEventListener('playing', onPlaying);
    media?.addEventListener('pause', onPause);
    media?.addEventListener('waiting', onWaiting);
    media?.addEventListener('seeked', onSeeked);
    media?.addEventListener('ended', onEnded);
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      media?.removeEventListener('playing', onPlaying);
      media?.removeEventListener('pause', onPause);
      media?.removeEventListener('waiting', onWaiting);
      media?.removeEventListener('seeked', onSeeked);
      media?.removeEventListener('ended', onEnded);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onPageHide);
      clearInterval(timer);
      if (over) return;
      const exit = report('exit');
      over = true;
      pendingExit.current = {
        leaseId: session.leaseId,
        timer: setTimeout(() => {
          pendingExit.current = null;
          playbackApi.heartbeatBeacon(client, exit);
        }, 0),
      };
    };
  }, [client, media, mutateAsync, session, startPosition]);
};
