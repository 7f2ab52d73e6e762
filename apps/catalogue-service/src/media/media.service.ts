import { Injectable, Logger } from '@nestjs/common';
import type { EventPayload } from '@app/contracts';
import { ObjectIdSchema } from '@app/contracts';
import { MovieListCache } from '../movies/movie-list.cache';
import { MoviesRepository } from '../movies/movies.repository';
import { EpisodesRepository } from '../series/episodes.repository';
import { SeriesRepository } from '../series/series.repository';

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
    private readonly series: SeriesRepository,
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
    const changes = events.flatMap(
      ({ movieId, durationSeconds, occurredAt, audioLanguages, subtitleLanguages }) => {
        const languages =
          audioLanguages && subtitleLanguages
            ? { audio: audioLanguages, subtitles: subtitleLanguages }
            : undefined;
        if (ObjectIdSchema.safeParse(movieId).success)
          return [{ id: movieId, durationSeconds, readyAt: occurredAt, languages }];
        this.logger.warn({ msg: 'media.ready for a malformed movie id ignored', movieId });
        return [];
      },
    );
    if (changes.length === 0) return 0;
    const [films, episodes] = await Promise.all([
      this.movies.markMediaReady(changes),
      this.episodes.markMediaReady(changes),
    ]);
    // A series is heard and read in every language one of its episodes is (only ever added: idempotent).
    if (episodes > 0) {
      const spoken = changes.filter(
        (change) => change.languages?.audio.length || change.languages?.subtitles.length,
      );
      for (const { seriesId, ids } of await this.episodes.seriesOf(spoken.map(({ id }) => id))) {
        const languages = spoken.filter(({ id }) => ids.includes(id)).map((change) => change.languages);
        await this.series.addLanguages(
          seriesId,
          languages.flatMap((l) => l?.audio ?? []),
          languages.flatMap((l) => l?.subtitles ?? []),
        );
      }
    }
    // Lists show the play button or "Coming soon": they change (once per batch; lists show no episodes).
    if (films > 0) await this.listCache.invalidateCoalesced();
    return films + episodes;
  }
}
