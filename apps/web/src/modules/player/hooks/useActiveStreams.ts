import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '@web/modules/auth/hooks/useAuth';
import { useApiClient } from '@web/shared/api/ApiClientProvider';
import type { MutationCallbacks } from '@web/shared/api/mutation-callbacks';
import { playbackApi } from '../api/playback.api';
import { playerKeys } from './player-keys';

/**
 * The account's screens in use (DECISIONS 9), for the screen-limit page; asked again every `pollMs` while it is
 * shown, so the page sees a screen come free.
 */
export const useActiveStreams = (pollMs: number) => {
  const client = useApiClient();
  const { user } = useAuth();
  return useQuery({
    queryKey: playerKeys.streams(user?.id ?? null),
    queryFn: ({ signal }) => playbackApi.streams(client, signal),
    enabled: user !== null,
    staleTime: 0,
    refetchInterval: pollMs,
  });
};

/** "Stop that stream": ends another screen's lease; its player stops with a message saying why. */
export const useStopStream = ({ onSuccess, onError }: MutationCallbacks<{ stopped: boolean }> = {}) => {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: (leaseId: string) => playbackApi.stopStream(client, leaseId),
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: playerKeys.streams(user?.id ?? null) });
      onSuccess?.(result);
    },
    onError: (error) => onError?.(error),
  });
};
