import type { HeartbeatRequest, PlaybackEvent, PlaybackSession } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useApiClient } from '@web/shared/api/ApiClientProvider';
import { playbackApi } from '../api/playback.api';

/** What the heartbeat reads of the playing element: `<hls-video>` and `<video>` both have it. */
export type PlaybackMedia = EventTarget & { currentTime: number; duration: number; paused: boolean };

type HeartbeatOptions = {
  session: PlaybackSession | null;
  media: PlaybackMedia | null;
  /** The server says the lease is gone: another screen stopped this stream (or it ran out). */
  onLeaseLost: () => void;
};

const MAX_SECONDS = 86_400;
const seconds = (value: number) => Math.min(MAX_SECONDS, Math.max(0, Math.round(value * 10) / 10));

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
 * screen's lease (DECISIONS 9): every `heartbeatSeconds` while the player is open ('tick' while playing; 'pause' while paused, because a lease
 * not renewed for LEASE_TTL_SECONDS is lost and the viewer coming back from a pause would read "stopped from
 * another screen"), at once on pause, seek and end, and 'exit' when the player goes away. A page being hidden
 * or closed reports with sendBeacon, the one request a closing page still sends.
 */
export const usePlaybackHeartbeat = ({ session, media, onLeaseLost }: HeartbeatOptions) => {
  const client = useApiClient();
  const { mutateAsync } = useMutation({
    mutationFn: (body: HeartbeatRequest) => playbackApi.heartbeat(client, body),
  });
  const leaseLost = useRef(onLeaseLost);
  const pendingExit = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    leaseLost.current = onLeaseLost;
  }, [onLeaseLost]);

  useEffect(() => {
    if (!session || !media) return;
    // StrictMode runs an effect, its cleanup and the effect again: the second run cancels the first one's exit.
    clearTimeout(pendingExit.current);
    let over = false;
    let played = false;
    let last: { event: PlaybackEvent; position: number } | null = null;
    const clock = playClock(() => Date.now());
    if (!media.paused) clock.start();

    /** The next report; it takes the watch time played since the previous one. */
    const report = (event: PlaybackEvent): HeartbeatRequest => {
      const duration = Number.isFinite(media.duration) && media.duration > 0 ? media.duration : null;
      // A pause the element did not announce still ends the count.
      if (media.paused) clock.stop();
      return {
        token: session.token,
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
        .then(({ leaseActive }) => {
          if (leaseActive || over) return;
          stop();
          leaseLost.current();
        })
        // A lost report is covered by the next one: the lease outlives a few missed heartbeats.
        .catch(() => undefined);
    };
    const beacon = (event: PlaybackEvent) => {
      if (!over) playbackApi.heartbeatBeacon(client, report(event));
    };

    const timer = setInterval(() => send(media.paused ? 'pause' : 'tick'), session.heartbeatSeconds * 1000);
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
      const position = seconds(media.currentTime);
      // The element pauses as it ends; report the end once.
      if (last?.event !== 'pause' || last.position !== position) send('pause');
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') beacon(media.paused ? 'pause' : 'tick');
    };
    const onPageHide = () => {
      beacon('exit');
      stop();
    };

    media.addEventListener('playing', onPlaying);
    media.addEventListener('pause', onPause);
    media.addEventListener('waiting', onWaiting);
    media.addEventListener('seeked', onSeeked);
    media.addEventListener('ended', onEnded);
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      media.removeEventListener('playing', onPlaying);
      media.removeEventListener('pause', onPause);
      media.removeEventListener('waiting', onWaiting);
      media.removeEventListener('seeked', onSeeked);
      media.removeEventListener('ended', onEnded);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onPageHide);
      clearInterval(timer);
      if (over) return;
      const exit = report('exit');
      over = true;
      pendingExit.current = setTimeout(() => playbackApi.heartbeatBeacon(client, exit), 0);
    };
  }, [client, media, mutateAsync, session]);
};
