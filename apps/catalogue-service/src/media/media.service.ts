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
   * `media.ready`: the title becomes playable. Idempotent (ordered by when the event occurred); an id that is not
   * a title's is acknowledged and logged, since retrying would never make it one.
   */
  async markReady(
    { movieId, durationSeconds }: EventPayload<'media.ready'>,
    occurredAt: Date,
  ): Promise<boolean> {
    if (!ObjectIdSchema.safeParse(movieId).success) {
      this.logger.warn({ msg: 'media.ready for a malformed movie id ignored', movieId });
      return false;
    }
    if (await this.movies.markMediaReady(movieId, durationSeconds, occurredAt)) {
      // Lists show the play button or "Coming soon": they change, but thousands arrive together at first start.
      await this.listCache.invalidateCoalesced();
      return true;
    }
    // Not a movie's (or already applied to it): an episode's. Lists show no episodes, so they stay as they are.
    return this.episodes.markMediaReady(movieId, durationSeconds, occurredAt);
  }
}
