import type { Reminders } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { movieKeys } from '@web/modules/movies/hooks/movie-keys';
import { useApiClient } from '@web/shared/api/ApiClientProvider';
import { comingSoonApi } from '../api/coming-soon.api';
import { comingSoonKeys } from './coming-soon-keys';

/** A title's go-live moment lands while the page is open: the row is asked again every minute. */
const REFRESH_MS = 60_000;

/** The Coming soon row (`GET /api/coming-soon`). */
export const useComingSoon = () => {
  const client = useApiClient();
  return useQuery({
    queryKey: comingSoonKeys.list(),
    queryFn: ({ signal }) => comingSoonApi.list(client, signal),
    refetchInterval: REFRESH_MS,
  });
};

/** The acting profile's reminders; asked only for a signed-in viewer. */
export const useReminders = (signedIn: boolean) => {
  const client = useApiClient();
  return useQuery({
    queryKey: comingSoonKeys.reminders(),
    queryFn: ({ signal }) => comingSoonApi.reminders(client, signal),
    enabled: signedIn,
  });
};

/**
 * Remind me on or off for one title. Shown at once; an error restores the list as it was (DECISIONS 15) and the
 * caller says so.
 */
export const useToggleReminder = () => {
  const client = useApiClient();
  const queries = useQueryClient();
  return useMutation({
    mutationFn: ({ titleId, on }: { titleId: string; on: boolean }) =>
      on ? comingSoonApi.remind(client, titleId) : comingSoonApi.forget(client, titleId),
    onMutate: async ({ titleId, on }) => {
      await queries.cancelQueries({ queryKey: comingSoonKeys.reminders() });
      const before = queries.getQueryData<Reminders>(comingSoonKeys.reminders());
      const ids = (before?.titleIds ?? []).filter((id) => id !== titleId);
      queries.setQueryData<Reminders>(comingSoonKeys.reminders(), { titleIds: on ? [...ids, titleId] : ids });
      return { before };
    },
    onError: (_error, _toggle, context) =>
      queries.setQueryData(comingSoonKeys.reminders(), context?.before ?? { titleIds: [] }),
    onSuccess: (reminders) => queries.setQueryData(comingSoonKeys.reminders(), reminders),
  });
};

/** After a title's time: when its job has run (a moment later) the lists show it. Asked again a few times. */
const AFTER_GO_LIVE_MS = [1_500, 6_000, 20_000] as const;
/** setTimeout's longest wait; a time further off is waited for by the next refresh of the row. */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/**
 * Issue 28, "it appears by itself": when the soonest title of the row is due, the home's lists (and the row) are
 * fetched again, so it shows up without a reload.
 */
export const useGoLiveRefresh = (publishTimes: readonly string[]) => {
  const queries = useQueryClient();
  const soonest = publishTimes.reduce<number | null>((min, at) => {
    const time = new Date(at).getTime();
    return min === null || time < min ? time : min;
  }, null);
  useEffect(() => {
    if (soonest === null) return;
    const timers = AFTER_GO_LIVE_MS.map((after) => soonest + after - Date.now())
      .filter((wait) => wait < MAX_TIMEOUT_MS)
      .map((wait) =>
        setTimeout(
          () => {
            void queries.invalidateQueries({ queryKey: movieKeys.all });
            void queries.invalidateQueries({ queryKey: comingSoonKeys.all });
          },
          Math.max(0, wait),
        ),
      );
    return () => timers.forEach(clearTimeout);
  }, [soonest, queries]);
};
