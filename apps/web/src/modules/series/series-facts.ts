import type { Episode, Series, SeriesDetail } from '@app/contracts';
import type { TFunction } from 'i18next';
import type { TitleRef } from '@web/modules/payments/access-summary';
import { formatWatchTime } from '@web/modules/user-data/components/charts/chart-format';

const yearOf = (date: string | null | undefined): number | null => {
  const year = date?.match(/^(\d{4})/)?.[1];
  return year ? Number(year) : null;
};

/**
 * The years a series ran: "2019", or "2019–2023" from its first air date to its latest season's or episode's;
 * null when no date is known.
 */
export const seriesYears = (series: Series | SeriesDetail): string | null => {
  const first = yearOf(series.firstAirDate);
  const later =
    'seasons' in series
      ? series.seasons.flatMap((season) => [
          yearOf(season.airDate),
          ...season.episodes.map((episode) => yearOf(episode.airDate)),
        ])
      : [];
  const known = [first, ...later].filter((year): year is number => year !== null);
  if (known.length === 0) return null;
  const start = first ?? Math.min(...known);
  const end = Math.max(...known);
  return end > start ? `${start}–${end}` : String(start);
};

/**
 * The series as the access panel (modules/payments) takes a title: a series comes with a plan only, so it has no
 * price to buy or rent (issue 13). The panel offers no play button for it (the episodes have theirs).
 */
export const seriesTitleRef = (series: Series): TitleRef => ({
  id: series.id,
  title: series.title,
  description: series.description,
  access: series.access,
  purchasePriceInr: null,
  rentalPriceInr: null,
  kind: 'series',
});

/**
 * The length shown is the length of what plays (issue 24): the media's own once known (a demo episode plays a short
 * sample film), else the listed runtime, which a demo episode does not show since it is made up.
 */
export const episodeLength = (
  episode: Episode,
  demo: boolean,
  t: TFunction<'series'>,
  watchT: TFunction<'userData'>,
): string | null => {
  if (episode.mediaSeconds !== null) return formatWatchTime(episode.mediaSeconds, watchT);
  return episode.runtimeMinutes !== null && !demo ? t('minutes', { minutes: episode.runtimeMinutes }) : null;
};
