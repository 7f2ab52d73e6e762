import { Link } from 'react-router-dom';
import { Paths } from '@web/app/paths';
import { buttonClass } from '@web/shared/ui/Button';
import { PageTitle } from '@web/shared/ui/PageTitle';
import { Panel } from '@web/shared/ui/Panel';
import { usePlayerMovie } from '../hooks/usePlayerMovie';
import { playerStrings as texts } from '../strings';
import type { PlayerMovie } from '../watch-route';
import { Player } from './Player';
import styles from './WatchScreens.module.css';

type WatchScreenProps = {
  /** The title's id: from navigation state, else the URL's `?movie=`. Empty when neither has one. */
  movieId: string;
  /** What navigation state carried, if anything. */
  carried: PlayerMovie | null;
};

const documentTitle = (title: string) => <title>{`${title} · Streamly`}</title>;

/** SPEC 2 /video without a title. */
export const NoMovieSelected = () => (
  <div className={styles.empty} role="alert">
    {documentTitle(texts.noMovieSelected)}
    <PageTitle>{texts.noMovieSelected}</PageTitle>
    <p className={styles.muted}>{texts.noMovieLine}</p>
    <Link to={Paths.landing} className={buttonClass()}>
      {texts.goToHome}
    </Link>
  </div>
);

/** SPEC 2 /video: the title, the playing video, and 'Movie Details' with the overview. */
export const WatchScreen = ({ movieId, carried }: WatchScreenProps) => {
  const { movie } = usePlayerMovie(movieId, carried);
  if (!movieId) return <NoMovieSelected />;
  const title = movie?.title ?? '';
  return (
    <article className={styles.screen}>
      {title && documentTitle(title)}
      <PageTitle className={styles.title}>{title || texts.nowPlaying}</PageTitle>
      <Player key={movieId} movie={{ id: movieId, title }} />
      <Panel title={texts.movieDetails}>
        <p className={styles.overview}>{movie?.overview}</p>
      </Panel>
    </article>
  );
};

/** SPEC 2 /video-player: the title's name (fallback 'Movie Title'), the stream, and Back to Dashboard. */
export const PlayerScreen = ({ movieId, carried }: WatchScreenProps) => {
  const { movie } = usePlayerMovie(movieId, carried);
  const title = movie?.title || texts.movieTitleFallback;
  return (
    <article className={styles.screen}>
      {documentTitle(title)}
      <PageTitle className={styles.title}>{title}</PageTitle>
      {movieId && <Player key={movieId} movie={{ id: movieId, title }} />}
      <div>
        <Link to={Paths.userDashboard} className={buttonClass({ variant: 'ghost' })}>
          {texts.backToDashboard}
        </Link>
      </div>
    </article>
  );
};
