import { Injectable, Logger } from '@nestjs/common';
import type { EventPayload } from '@app/contracts';
import { ObjectIdSchema } from '@app/contracts';
import { MovieListCache } from '../movies/movie-list.cache';
import { MoviesRepository } from '../movies/movies.repository';
import { EpisodesRepository } from '../series/episodes.repository';

/**
 * A title's media, as the catalogue knows it: whether it plays (streaming-service owns the media itself). The id
 * is a movie's or an episode's: both are playable ids.
 */
@Injectable()
export class MediaService {
  private readonly logger = new Logger(MediaService.name);

  constructor(
    private readonly movies: MoviesRepository,
    private readonly episodes: EpisodesRepository,
    private readonly listCache: MovieListCache,
  ) {}

  /**
   * `media.ready`, a batch at a time: the titles become playable, films and episodes each with a few writes for the
   * whole batch (`markMediaReady`; an id is one or the other, and the other's writes change nothing for it).
   * Idempotent (ordered by when each event occurred); an id that is not a title's is acknowledged and logged, since
   * retrying would never make it one. Answers how many updates applied.
   */
  async markReady(
    events: ReadonlyArray<EventPayload<'media.ready'> & { occurredAt: Date }>,
  ): Promise<number> {
    const changes = events.flatMap(({ movieId, durationSeconds, occurredAt }) => {
      if (ObjectIdSchema.safeParse(movieId).success)
        return [{ id: movieId, durationSeconds, readyAt: occurredAt }];
      this.logger.warn({ msg: 'media.ready for a malformed movie id ignored', movieId });
      return [];
    });
    if (changes.length === 0) return 0;
    const [films, episodes] = await Promise.all([
      this.movies.markMediaReady(changes),
      this.episodes.markMediaReady(changes),
    ]);
    // Lists show the play button or "Coming soon": they change (once per batch; lists show no episodes).
    if (films > 0) await this.listCache.invalidateCoalesced();
    return films + episodes;
  }
}
