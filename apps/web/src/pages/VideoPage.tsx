import { useLocation, useSearchParams } from 'react-router-dom';
import { PageShell } from '@web/modules/layout/components/PageShell';
import { SideMenu } from '@web/modules/movies/components/SideMenu';
import { WatchScreen } from '@web/modules/player/components/WatchScreens';
import { EPISODE_PARAM, MOVIE_PARAM, playerMovieFrom } from '@web/modules/player/watch-route';
import { EpisodeWatchScreen } from '@web/modules/series/components/EpisodeWatchScreen';

/**
 * /video: the title from navigation state (or `?movie=` after a reload) playing, with the side menu (SPEC 2); an
 * episode (`?episode=`, issue 13) plays with its series around it.
 */
export const VideoPage = () => {
  const { state } = useLocation();
  const [params] = useSearchParams();
  const episodeId = params.get(EPISODE_PARAM);
  const carried = playerMovieFrom(state);
  return (
    <PageShell>
      <SideMenu />
      {episodeId ? (
        <EpisodeWatchScreen key={episodeId} episodeId={episodeId} />
      ) : (
        <WatchScreen movieId={carried?.id ?? params.get(MOVIE_PARAM) ?? ''} carried={carried} />
      )}
    </PageShell>
  );
};
