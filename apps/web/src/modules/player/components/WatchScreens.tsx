import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Paths } from '@web/app/paths';
import { TitleNotFound } from '@web/modules/movies/components/TitleDetail';
import { buttonClass } from '@web/shared/ui/Button';
import { PageNotice } from '@web/shared/ui/PageNotice';
import { PageTitle } from '@web/shared/ui/PageTitle';
import { Panel } from '@web/shared/ui/Panel';
import { usePlayerMovie } from '../hooks/usePlayerMovie';
import type { PlayerMovie } from '../watch-route';
import { Player } from './Player';
import styles from './WatchScreens.module.css';

type WatchScreenProps = {
  /** The title's id: from navigation state, else the URL's `?movie=`. Empty when neither has one. */
  movieId: string;
  /** What navigation state carried, if anything. */
  carried: PlayerMovie | null;
};

/** The tab's title of a watch page. */
export const documentTitle = (title: string) => <title>{`${title} · Streamly`}</title>;

/** SPEC 2 /video without a title. */
export const NoMovieSelected = () => {
  const { t } = useTranslation('player');
  return (
    <PageNotice title={t('noMovieSelected')} line={t('noMovieLine')}>
      {documentTitle(t('noMovieSelected'))}
      <Link to={Paths.landing} className={buttonClass()}>
        {t('goToHome')}
      </Link>
    </PageNotice>
  );
};

type WatchFrameProps = {
  /** The page's (and the tab's) title; empty while it is not known yet. */
  title: string;
  /** The heading, where it differs from the title (a stand-in while the title loads). */
  heading?: string;
  /** The player, then what goes with it. */
  children: ReactNode;
};

/** A watch page (a movie's or an episode's): its title over the player and what follows it. */
export const WatchFrame = ({ title, heading = title, children }: WatchFrameProps) => (
  <article className={styles.screen}>
    {title && documentTitle(title)}
    <PageTitle className={styles.title}>{heading}</PageTitle>
    {children}
  </article>
);

/** SPEC 2 /video: the title, the playing video, and 'Movie Details' with the overview. */
export const WatchScreen = ({ movieId, carried }: WatchScreenProps) => {
  const { t } = useTranslation('player');
  const { movie, isMissing } = usePlayerMovie(movieId, carried);
  if (!movieId) return <NoMovieSelected />;
  // A bad or unknown id: no player (and no "Coming soon") for a title that does not exist.
  if (isMissing) return <TitleNotFound />;
  const title = movie?.title ?? '';
  return (
    <WatchFrame title={title} heading={title || t('nowPlaying')}>
      <Player key={movieId} movie={{ id: movieId, title }} />
      <Panel title={t('movieDetails')}>
        <p className={styles.overview}>{movie?.overview}</p>
      </Panel>
    </WatchFrame>
  );
};

/** SPEC 2 /video-player: the title's name (fallback 'Movie Title'), the stream, and Back to Dashboard. */
export const PlayerScreen = ({ movieId, carried }: WatchScreenProps) => {
  const { t } = useTranslation('player');
  const { movie, isMissing } = usePlayerMovie(movieId, carried);
  if (isMissing) return <TitleNotFound />;
  const title = movie?.title || t('movieTitleFallback');
  return (
    <WatchFrame title={title}>
      {movieId && <Player key={movieId} movie={{ id: movieId, title }} />}
      <div>
        <Link to={Paths.userDashboard} className={buttonClass({ variant: 'ghost' })}>
          {t('backToDashboard')}
        </Link>
      </div>
    </WatchFrame>
  );
};
