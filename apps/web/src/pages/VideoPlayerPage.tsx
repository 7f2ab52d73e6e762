import { useLocation, useSearchParams } from 'react-router-dom';
import { PageShell } from '@web/modules/layout/components/PageShell';
import { PlayerScreen } from '@web/modules/player/components/WatchScreens';
import { MOVIE_PARAM, playerMovieFrom } from '@web/modules/player/watch-route';

/** /video-player: streams a title by its id (`?movie=`), SPEC 2. */
export const VideoPlayerPage = () => {
  const { state } = useLocation();
  const [params] = useSearchParams();
  const carried = playerMovieFrom(state);
  return (
    <PageShell>
      <PlayerScreen movieId={carried?.id ?? params.get(MOVIE_PARAM) ?? ''} carried={carried} />
    </PageShell>
  );
};
