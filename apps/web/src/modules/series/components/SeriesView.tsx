import { type Episode, episodeLabel, nextUp, type SeriesDetail } from '@app/contracts';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Paths } from '@web/app/paths';
import { useAuth } from '@web/modules/auth/hooks/useAuth';
import { type MovieFact, MovieFacts } from '@web/modules/movies/components/MovieFacts';
import { TitleDetail, TitleLoading, TitleUnavailable } from '@web/modules/movies/components/TitleDetail';
import { formatLanguage, formatTrackLanguages } from '@web/modules/movies/format';
import { formatRating } from '@web/modules/movies/rating';
import { TitleAccess } from '@web/modules/payments/components/TitleAccess';
import { useEntitlement } from '@web/modules/payments/hooks/useEntitlement';
import { episodeLocation } from '@web/modules/player/watch-route';
import { MoreLikeThisRow } from '@web/modules/recommendations/components/MoreLikeThisRow';
import { FavoriteButton } from '@web/modules/user-data/components/FavoriteButton';
import { Button } from '@web/shared/ui/Button';
import { ToastRegion } from '@web/shared/ui/toast/ToastRegion';
import { useToasts } from '@web/shared/ui/toast/useToasts';
import { useSeries } from '../hooks/useSeries';
import { useSeriesProgress } from '../hooks/useSeriesProgress';
import { seriesTitleRef, seriesYears } from '../series-facts';
import { SeasonEpisodes } from './SeasonEpisodes';
import styles from './SeriesView.module.css';

/** Unknown facts are left out (null), not listed as 'N/A' (issue 24). */
const listed = (names: readonly string[]) => (names.length ? names.join(', ') : null);

const factsOf = (series: SeriesDetail, t: TFunction<['series', 'detail', 'movie']>): MovieFact[] => [
  [t('rating'), formatRating(series.rating, t('movie:ratingUnknown'))],
  [t('genre'), series.genres.length ? series.genres.join(', ') : series.genre],
  [t('years'), seriesYears(series) ?? null],
  [t('creators'), listed(series.creators)],
  [t('cast'), listed(series.cast)],
  [t('language'), formatLanguage(series.language, '') || null],
  [t('detail:audioLanguages'), formatTrackLanguages(series.audioLanguages)],
  [t('detail:subtitleLanguages'), formatTrackLanguages(series.subtitleLanguages)],
];

/** The series once loaded: poster and facts, the main button, access, seasons and episodes, more like it. */
const SeriesDetails = ({ series }: { series: SeriesDetail }) => {
  const { t } = useTranslation(['series', 'detail', 'movie', 'userData']);
  const navigate = useNavigate();
  const { user } = useAuth();
  const { data: progress } = useSeriesProgress(user?.id ?? null, series.id);
  const { data: entitlement } = useEntitlement(series.id);
  const [chosenSeason, setChosenSeason] = useState<number | null>(null);
  const { toasts, show, dismiss } = useToasts();
  const episodes = series.seasons.flatMap((season) => season.episodes);
  const watched = progress?.episodes ?? [];
  const up = nextUp(episodes, watched);
  // Only a known "no" hides the buttons: while the answer is on its way, playing asks the server anyway.
  const locked = entitlement?.canWatch === false;
  const play = (episode: Episode) => void navigate(episodeLocation(episode.id));
  const season = chosenSeason ?? up?.episode.seasonNumber ?? series.seasons[0]?.number ?? 1;
  const years = seriesYears(series);

  return (
    <TitleDetail
      title={series.title}
      posterUrl={series.posterUrl}
      meta={
        <>
          {years && <span>{years}</span>}
          <span>{series.genre}</span>
          <span>{t('seasons', { count: series.seasonCount })}</span>
          {series.demo && <span>{t('demoBadge')}</span>}
        </>
      }
      access={t(`access.${series.access}`)}
      classification={series.classification}
      descriptors={series.descriptors}
      overview={series.description}
      roomy
      intro={
        <>
          {series.demo && <p className={styles.muted}>{t('demoNote')}</p>}
          <div className={styles.mainAction}>
            {up && !locked && (
              <>
                <Button size="lg" disabled={!up.episode.mediaReady} onClick={() => play(up.episode)}>
                  {t(`nextUp.${up.action}`, { label: episodeLabel(up.episode) })}
                </Button>
                {!up.episode.mediaReady && <span className={styles.muted}>{t('comingSoon')}</span>}
              </>
            )}
            {/* My List holds series too (DECISIONS 29); a visitor is asked to log in. */}
            <FavoriteButton
              userId={user?.id ?? null}
              title={{
                movieId: series.id,
                title: series.title,
                posterUrl: series.posterUrl,
                genre: series.genre,
                rating: series.rating,
              }}
              notify={show}
            />
          </div>
          <MovieFacts facts={factsOf(series, t)} />
        </>
      }
      aside={<TitleAccess movie={seriesTitleRef(series)} placement="page" offerPlay={false} />}
    >
      <SeasonEpisodes
        series={series}
        season={season}
        onSeason={setChosenSeason}
        progress={watched}
        onPlay={locked ? null : play}
      />
      <MoreLikeThisRow movieId={series.id} />
      <ToastRegion toasts={toasts} onDismiss={dismiss} dismissLabel={t('userData:dismiss')} />
    </TitleDetail>
  );
};

/** /tv-shows/{id}: the series page (issue 13), open to visitors. */
export const SeriesView = ({ id }: { id: string }) => {
  const { t } = useTranslation('series');
  const { data: series, isPending, isError, error } = useSeries(id);
  if (isPending) return <TitleLoading text={t('loading')} />;
  if (isError)
    return (
      <TitleUnavailable
        error={error}
        texts={{
          notFound: t('notFound'),
          notFoundLine: t('notFoundLine'),
          failed: t('loadFailed'),
          back: t('backToBrowse'),
        }}
        backTo={Paths.tvShows}
      />
    );
  return <SeriesDetails series={series} />;
};
