import { type Episode, nextUp, nextUpLabel, type SeriesDetail } from '@app/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Paths } from '@web/app/paths';
import { useAuth } from '@web/modules/auth/hooks/useAuth';
import { type MovieFact, MovieFacts } from '@web/modules/movies/components/MovieFacts';
import { TitleDetail, TitleLoading, TitleUnavailable } from '@web/modules/movies/components/TitleDetail';
import { detailStrings } from '@web/modules/movies/browse-strings';
import { formatLanguage, formatTrackLanguages } from '@web/modules/movies/format';
import { formatRating } from '@web/modules/movies/rating';
import { TitleAccess } from '@web/modules/payments/components/TitleAccess';
import { useEntitlement } from '@web/modules/payments/hooks/useEntitlement';
import { episodeLocation } from '@web/modules/player/watch-route';
import { MoreLikeThisRow } from '@web/modules/recommendations/components/MoreLikeThisRow';
import { FavoriteButton } from '@web/modules/user-data/components/FavoriteButton';
import { userDataStrings } from '@web/modules/user-data/strings';
import { Button } from '@web/shared/ui/Button';
import { ToastRegion } from '@web/shared/ui/toast/ToastRegion';
import { useToasts } from '@web/shared/ui/toast/useToasts';
import { useSeries } from '../hooks/useSeries';
import { useSeriesProgress } from '../hooks/useSeriesProgress';
import { seriesTitleRef, seriesYears } from '../series-facts';
import { seriesStrings as texts } from '../strings';
import { SeasonEpisodes } from './SeasonEpisodes';
import styles from './SeriesView.module.css';

/** Unknown facts are left out (null), not listed as 'N/A' (issue 24). */
const listed = (names: readonly string[]) => (names.length ? names.join(', ') : null);

const factsOf = (series: SeriesDetail): MovieFact[] => [
  [texts.rating, formatRating(series.rating)],
  [texts.genre, series.genres.length ? series.genres.join(', ') : series.genre],
  [texts.years, seriesYears(series) ?? null],
  [texts.creators, listed(series.creators)],
  [texts.cast, listed(series.cast)],
  [texts.language, formatLanguage(series.language, '') || null],
  [detailStrings.audioLanguages, formatTrackLanguages(series.audioLanguages)],
  [detailStrings.subtitleLanguages, formatTrackLanguages(series.subtitleLanguages)],
];

/** The series once loaded: poster and facts, the main button, access, seasons and episodes, more like it. */
const SeriesDetails = ({ series }: { series: SeriesDetail }) => {
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
          <span>{texts.seasons(series.seasonCount)}</span>
          {series.demo && <span>{texts.demoBadge}</span>}
        </>
      }
      access={texts.access[series.access]}
      classification={series.classification}
      descriptors={series.descriptors}
      overview={series.description}
      roomy
      intro={
        <>
          {series.demo && <p className={styles.muted}>{texts.demoNote}</p>}
          <div className={styles.mainAction}>
            {up && !locked && (
              <>
                <Button size="lg" disabled={!up.episode.mediaReady} onClick={() => play(up.episode)}>
                  {nextUpLabel(up)}
                </Button>
                {!up.episode.mediaReady && <span className={styles.muted}>{texts.comingSoon}</span>}
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
          <MovieFacts facts={factsOf(series)} />
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
      <ToastRegion toasts={toasts} onDismiss={dismiss} dismissLabel={userDataStrings.dismiss} />
    </TitleDetail>
  );
};

/** /tv-shows/{id}: the series page (issue 13), open to visitors. */
export const SeriesView = ({ id }: { id: string }) => {
  const { data: series, isPending, isError, error } = useSeries(id);
  if (isPending) return <TitleLoading text={texts.loading} />;
  if (isError)
    return (
      <TitleUnavailable
        error={error}
        texts={{
          notFound: texts.notFound,
          notFoundLine: texts.notFoundLine,
          failed: texts.loadFailed,
          back: texts.backToBrowse,
        }}
        backTo={Paths.tvShows}
      />
    );
  return <SeriesDetails series={series} />;
};
