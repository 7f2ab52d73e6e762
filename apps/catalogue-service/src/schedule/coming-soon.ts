import { Controller, Injectable, Module } from '@nestjs/common';
import type { ComingSoonKind, ComingSoonTitle } from '@app/contracts';
import { COMING_SOON_SIZE, ComingSoonRpc, ScheduleMessages } from '@app/contracts';
import { AppError, RpcHandler, RpcPayload } from '@app/server-core';
import { CatalogueDataModule } from '../data/catalogue-data.module';
import { MoviesRepository } from '../movies/movies.repository';
import { SeriesRepository } from '../series/series.repository';
import type { StoredTitle } from '../titles/title.schema';

/** A scheduled draft's card: what viewers may know of it before it is live (nothing playable, no prices). */
export const toComingSoon = (kind: ComingSoonKind, title: StoredTitle): ComingSoonTitle => ({
  id: title._id.toHexString(),
  kind,
  title: title.title,
  description: title.description,
  genre: title.genre,
  posterUrl: title.posterUrl,
  classification: title.classification,
  publishAt: (title.publishAt ?? new Date()).toISOString(),
});

/**
 * The Coming soon row (issue 28): films and series scheduled to go live, soonest first, within the calling profile's
 * ceiling. Read each time (a short, indexed list): a cached one would keep a title live since in the row.
 */
@Injectable()
export class ComingSoonService {
  constructor(
    private readonly movies: MoviesRepository,
    private readonly series: SeriesRepository,
  ) {}

  async list(now: Date = new Date()): Promise<ComingSoonTitle[]> {
    const [movies, series] = await Promise.all([
      this.movies.comingSoon(COMING_SOON_SIZE, now),
      this.series.comingSoon(COMING_SOON_SIZE, now),
    ]);
    return [
      ...movies.map((title) => toComingSoon('movie', title)),
      ...series.map((title) => toComingSoon('series', title)),
    ]
      .sort((a, b) => a.publishAt.localeCompare(b.publishAt) || a.id.localeCompare(b.id))
      .slice(0, COMING_SOON_SIZE);
  }

  async get(id: string, now: Date = new Date()): Promise<ComingSoonTitle> {
    const [movie, series] = await Promise.all([
      this.movies.findComingSoon(id, now),
      this.series.findComingSoon(id, now),
    ]);
    if (movie) return toComingSoon('movie', movie);
    if (series) return toComingSoon('series', series);
    throw AppError.notFound(ScheduleMessages.notComingSoon);
  }
}

@Controller()
export class ComingSoonController {
  constructor(private readonly comingSoon: ComingSoonService) {}

  @RpcHandler(ComingSoonRpc.list)
  list() {
    return this.comingSoon.list();
  }

  @RpcHandler(ComingSoonRpc.get)
  get(@RpcPayload() { id }: { id: string }) {
    return this.comingSoon.get(id);
  }
}

@Module({
  imports: [CatalogueDataModule],
  controllers: [ComingSoonController],
  providers: [ComingSoonService],
})
export class ComingSoonModule {}
