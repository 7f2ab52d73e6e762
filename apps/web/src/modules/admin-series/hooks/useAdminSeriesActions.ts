import type {
  EpisodeInput,
  EpisodeUpdate,
  SeasonInput,
  SeasonUpdate,
  SeriesDetail,
  SeriesInput,
  SeriesUpdate,
} from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '@web/shared/api/api-client';
import { useApiClient } from '@web/shared/api/ApiClientProvider';
import { adminSeriesApi } from '../api/admin-series.api';
import { adminSeriesKeys } from './admin-series-keys';

/** A catalogue write: afterwards the grid (status, counts) and the open series are fetched again. */
const useSeriesWrite = <TVariables, TResult>(
  write: (client: ApiClient, variables: TVariables) => Promise<TResult>,
) => {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: TVariables) => write(client, variables),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminSeriesKeys.all }),
  });
};

/** A season write answers the series as it now is: the editor shows it at once, then everything refreshes. */
const useSeasonWrite = <TVariables>(
  seriesId: string,
  write: (client: ApiClient, variables: TVariables) => Promise<{ data: SeriesDetail; message?: string }>,
) => {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: TVariables) => write(client, variables),
    onSuccess: ({ data }) => queryClient.setQueryData(adminSeriesKeys.detail(seriesId), data),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminSeriesKeys.all }),
  });
};

/** The grid's writes: add, edit, publish, delete a series. */
export const useAdminSeriesActions = () => ({
  create: useSeriesWrite((client, input: SeriesInput) => adminSeriesApi.create(client, input)),
  update: useSeriesWrite((client, { id, input }: { id: string; input: SeriesUpdate }) =>
    adminSeriesApi.update(client, id, input),
  ),
  publish: useSeriesWrite((client, id: string) => adminSeriesApi.publish(client, id)),
  remove: useSeriesWrite((client, id: string) => adminSeriesApi.remove(client, id)),
});

/** The editor's writes on one series: its seasons and their episodes. */
export const useSeasonActions = (seriesId: string) => ({
  addSeason: useSeasonWrite(seriesId, (client, input: SeasonInput) =>
    adminSeriesApi.addSeason(client, seriesId, input),
  ),
  updateSeason: useSeasonWrite(
    seriesId,
    (client, { season, input }: { season: number; input: SeasonUpdate }) =>
      adminSeriesApi.updateSeason(client, seriesId, season, input),
  ),
  removeSeason: useSeasonWrite(seriesId, (client, season: number) =>
    adminSeriesApi.removeSeason(client, seriesId, season),
  ),
  addEpisode: useSeriesWrite((client, { season, input }: { season: number; input: EpisodeInput }) =>
    adminSeriesApi.addEpisode(client, seriesId, season, input),
  ),
  updateEpisode: useSeriesWrite((client, { id, input }: { id: string; input: EpisodeUpdate }) =>
    adminSeriesApi.updateEpisode(client, id, input),
  ),
  removeEpisode: useSeriesWrite((client, id: string) => adminSeriesApi.removeEpisode(client, id)),
});
