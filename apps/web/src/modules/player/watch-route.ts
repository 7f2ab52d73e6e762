import type { Movie } from '@app/contracts';
import { Paths } from '@web/app/paths';

/** The title the player screens play, as router state carries it (SPEC 2: "a movie passed in navigation state"). */
export type PlayerMovie = { id: string; title: string; overview: string };
export type PlayerState = { movie: PlayerMovie };

/** The query parameter that keeps the title in the URL, so a reload or a shared link still plays it. */
export const MOVIE_PARAM = 'movie';

/** The query parameter of an episode (issue 13): `/video?episode={id}` plays it with its series around it. */
export const EPISODE_PARAM = 'episode';

/** Where an episode's Play button goes: /video with the episode's id in the URL (the player loads the rest). */
export const episodeLocation = (episodeId: string) => ({
  pathname: Paths.video,
  search: `?${new URLSearchParams({ [EPISODE_PARAM]: episodeId })}`,
});

/** Where a Play button goes: /video with the title in state and its id in the URL. */
export const watchLocation = (movie: Pick<Movie, 'id' | 'title' | 'description'>) => ({
  to: { pathname: Paths.video, search: `?${new URLSearchParams({ [MOVIE_PARAM]: movie.id })}` },
  state: { movie: { id: movie.id, title: movie.title, overview: movie.description } } satisfies PlayerState,
});

/** The title in router state, or null (state survives reloads and may hold anything). */
export const playerMovieFrom = (state: unknown): PlayerMovie | null => {
  if (typeof state !== 'object' || state === null || !('movie' in state)) return null;
  const { movie } = state as { movie: unknown };
  if (typeof movie !== 'object' || movie === null) return null;
  const { id, title, overview } = movie as Partial<Record<keyof PlayerMovie, unknown>>;
  if (typeof id !== 'string' || id === '') return null;
  return {
    id,
    title: typeof title === 'string' ? title : '',
    overview: typeof overview === 'string' ? overview : '',
  };
};
