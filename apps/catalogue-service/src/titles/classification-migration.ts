import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { MoviesRepository } from '../movies/movies.repository';
import { SeriesRepository } from '../series/series.repository';

/**
 * Gives every film and series stored before classification (issue 25) the unrated class at boot, before the
 * service answers, so every reply carries one and a ceiling can filter on the stored field. Idempotent.
 */
@Injectable()
export class ClassificationMigration implements OnApplicationBootstrap {
  private readonly logger = new Logger(ClassificationMigration.name);

  constructor(
    private readonly movies: MoviesRepository,
    private readonly series: SeriesRepository,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const classified = await this.run();
    if (classified.movies || classified.series)
      this.logger.log(`Classified ${classified.movies} movies and ${classified.series} series as unrated`);
  }

  async run(): Promise<{ movies: number; series: number }> {
    const [movies, series] = await Promise.all([
      this.movies.classifyUnclassified(),
      this.series.classifyUnclassified(),
    ]);
    return { movies, series };
  }
}
