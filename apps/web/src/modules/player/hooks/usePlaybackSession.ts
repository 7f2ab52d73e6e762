import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useAuth } from '@web/modules/auth/hooks/useAuth';
import { useApiClient } from '@web/shared/api/ApiClientProvider';
import { playbackApi } from '../api/playback.api';
import { playerKeys } from './player-keys';
import { exitReport } from './usePlaybackHeartbeat';

/**
 * What starting a title would find, asked before any screen is taken: the same refusals as the start (no access,
 * no such title) and where the viewer stopped, for the "Continue watching?" prompt. `attempt` asks again.
 */
export const usePlaybackPreview = (movieId: string, attempt: number) => {
  const client = useApiClient();
  const { user } = useAuth();
  return useQuery({
    queryKey: playerKeys.preview(movieId, user?.id ?? null, attempt),
    queryFn: ({ signal }) => playbackApi.preview(client, movieId, signal),
    enabled: movieId !== '' && user !== null,
    retry: false,
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
};

/**
 * Starts playing a title: takes a screen (a stream lease) and gets the signed stream URLs, once `enabled` (the
 * viewer chose where to start), so a page that never plays holds no screen. A query rather than a mutation so
 * that a page rendered twice (StrictMode, a remount) shares one request. Nothing refetches it behind the viewer's
 * back; `restart` asks again (with the parental PIN, when the server asked for it). A start that answers after its
 * page went away gives its screen back at once.
 */
export const usePlaybackSession = (movieId: string, enabled: boolean) => {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const [attempt, setAttempt] = useState(0);
  // The parental PIN the viewer typed for this title (issue 25): sent with the next start, kept out of the cache key.
  const parentalPin = useRef<string | undefined>(undefined);
  const queryKey = playerKeys.session(movieId, user?.id ?? null, attempt);
  const query = useQuery({
    queryKey,
    // No abort signal: a screen the server took must be known here, to be released if nobody waits for it.
    queryFn: async () => {
      const pin = parentalPin.current;
      // No device label: the gateway names this device from the request's User-Agent, as Profile → Devices does.
      const session = await playbackApi.start(client, movieId, pin === undefined ? {} : { parentalPin: pin });
      const waiting = queryClient.getQueryCache().find({ queryKey, exact: true })?.getObserversCount() ?? 0;
      if (waiting === 0)
        playbackApi.heartbeatBeacon(client, exitReport(session, session.resumePositionSeconds));
      return session;
    },
    enabled: enabled && movieId !== '' && user !== null,
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  return {
    ...query,
    signedIn: user !== null,
    /** The last start carried a parental PIN. */
    pinSent: parentalPin.current !== undefined,
    /** Asks again; with the account's parental PIN when the title needs it. */
    restart: (pin?: string) => {
      parentalPin.current = pin;
      setAttempt((count) => count + 1);
    },
  };
};
