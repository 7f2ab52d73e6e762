import type { Movie, MovieAccess, Page as MoviePage } from '@app/contracts';
import { call } from './api';

/**
 * Right after a fresh start the seeded titles are still being mapped to the sample films (movie.published →
 * streaming-service → media.ready → catalogue, a few thousand events): waits until `count` titles of `access`
 * can play.
 */
export const playableTitles = async (
  access: MovieAccess,
  count: number,
  { adult = false }: { adult?: boolean } = {},
): Promise<Movie[]> => {
  const deadline = Date.now() + 150_000;
  for (;;) {
    const list = await call<MoviePage<Movie>>('GET', `/api/movies?access=${access}&page=1&pageSize=50`);
    // Issue 25: an A title first asks the account holder's date of birth (and the parental PIN when one is set), so
    // journeys about playing get titles below A unless they ask for A ones.
    const ready = list.body.data.filter(
      (movie) => movie.mediaReady && (movie.classification === 'A') === adult,
    );
    if (ready.length >= count || Date.now() > deadline) return ready;
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
};

export const playableFreeTitles = (count = 2): Promise<Movie[]> => playableTitles('free', count);

/** Polls `probe` until it answers something `done` accepts (events reach their consumers asynchronously). */
export const eventually = async <T>(
  probe: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 45_000,
): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
};
