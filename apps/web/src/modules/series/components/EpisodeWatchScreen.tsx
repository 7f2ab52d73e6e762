import { type Episode, episodeLabel, PlaybackPreference } from '@app/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { Paths, toPath } from '@web/app/paths';
import { useAuth } from '@web/modules/auth/hooks/useAuth';
import { TitleAccess } from '@web/modules/payments/components/TitleAccess';
import { Player } from '@web/modules/player/components/Player';
import { documentTitle, WatchFrame } from '@web/modules/player/components/WatchScreens';
import { episodeLocation } from '@web/modules/player/watch-route';
import { MoreLikeThisRow } from '@web/modules/recommendations/components/MoreLikeThisRow';
import { useViewerSettings } from '@web/modules/user-data/hooks/useViewerSettings';
import { isNotFound } from '@web/shared/api/api-request-error';
import { serviceUnavailableText } from '@web/shared/api/service-unavailable';
import { buttonClass } from '@web/shared/ui/Button';
import { PageNotice } from '@web/shared/ui/PageNotice';
import { Panel } from '@web/shared/ui/Panel';
import { useEpisode } from '../hooks/useEpisode';
import { seriesTitleRef } from '../series-facts';
import styles from './EpisodeWatch.module.css';
import { SkipIntro } from './SkipIntro';
import { UpNext } from './UpNext';

/**
 * /video?episode={id} (issue 13): the episode playing as "Series — S1:E2 · Episode", with "Skip intro" inside its
 * intro and, at its end, the next episode by the viewer's playback setting, or more like the series after the last.
 */
export const EpisodeWatchScreen = ({ episodeId }: { episodeId: string }) => {
  const { t } = useTranslation('series');
  const { data, isPending, isError, error } = useEpisode(episodeId);
  const { user } = useAuth();
  const { data: settings } = useViewerSettings(user?.id ?? null);
  const navigate = useNavigate();
  const [ended, setEnded] = useState(false);
  const mode = settings?.playback ?? PlaybackPreference.AutoPlayNext;

  if (isPending)
    return (
      <p role="status" className={styles.muted}>
        {t('loading')}
      </p>
    );
  if (isError) {
    const missing = isNotFound(error);
    return (
      <PageNotice
        title={missing ? t('episodeNotFound') : t('loadFailed')}
        line={serviceUnavailableText(error, 'catalogue-service') ?? undefined}
      >
        {documentTitle(t('episodeNotFound'))}
        <Link to={Paths.tvShows} className={buttonClass({ variant: 'ghost' })}>
          {t('backToBrowse')}
        </Link>
      </PageNotice>
    );
  }

  const { episode, series, next } = data;
  const title = t('playerTitle', {
    series: series.title,
    label: episodeLabel(episode),
    episode: episode.title,
  });
  const playNext = (upcoming: Episode) => void navigate(episodeLocation(upcoming.id));
  return (
    <WatchFrame title={title}>
      <Player
        movie={{ id: episode.id, title }}
        seriesId={series.id}
        overlay={(media) => (
          <>
            <SkipIntro media={media} intro={episode.intro} />
            <UpNext media={media} next={next} mode={mode} onPlayNext={playNext} onEndedChange={setEnded} />
          </>
        )}
        waysIn={<TitleAccess movie={seriesTitleRef(series)} placement="page" offerPlay={false} />}
      />
      {ended && !next && <MoreLikeThisRow movieId={series.id} />}
      <Panel title={t('episodeDetails')}>
        <div className={styles.details}>
          {episode.overview && <p className={styles.muted}>{episode.overview}</p>}
          <Link to={toPath.series(series.id)}>{t('backToSeries', { series: series.title })}</Link>
        </div>
      </Panel>
    </WatchFrame>
  );
};
