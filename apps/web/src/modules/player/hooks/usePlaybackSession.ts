import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useAuth } from '@web/modules/auth/hooks/useAuth';
import { useApiClient } from '@web/shared/api/ApiClientProvider';
import { playbackApi } from '../api/playback.api';
import { deviceLabel } from '../device-label';
import { playerKeys } from './player-keys';

/**
 * Starts playing a title: takes a screen (a stream lease) and gets the signed stream URLs. A query rather than a
 * mutation so that a page rendered twice (StrictMode, a remount) shares one request; the server hands the same
 * session its own lease back anyway. Nothing refetches it behind the viewer's back; `restart` asks again.
 */
export const usePlaybackSession = (movieId: string) => {
  const client = useApiClient();
  const { user } = useAuth();
  const [attempt, setAttempt] = useState(0);
  const query = useQuery({
    queryKey: playerKeys.session(movieId, user?.id ?? null, attempt),
    queryFn: ({ signal }) =>
      playbackApi.start(client, movieId, { deviceLabel: deviceLabel(navigator.userAgent) }, signal),
    enabled: movieId !== '' && user !== null,
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  return { ...query, signedIn: user !== null, restart: () => setAttempt((count) => count + 1) };
};
