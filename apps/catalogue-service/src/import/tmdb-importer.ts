import { Injectable } from '@nestjs/common';
import { Types } from 'mongoose';
import { GENERATED_POSTER_PREFIX, MAX_SEASON_NUMBER, MovieStatus } from '@app/contracts';
import { EventBus, Outbox } from '@app/server-core';
import { moviePublishedEvent } from '../movies/movie-events';
import { MovieListCache } from '../movies/movie-list.cache';
import { MoviesRepository, type StoredMovie } from '../movies/movies.repository';
import { ReviewsRepository } from '../reviews/reviews.repository';
import { EpisodesRepository } from '../series/episodes.repository';
import { announceEpisodes, announceSeries } from '../series/series-events';
import { SeriesRepository, StoredSeries } from '../series/series.repository';
import type { TitleRepository } from '../titles/title.repository';
import type { StoredTitle, TitleRecord } from '../titles/title.schema';
import type { TmdbLookups } from './tmdb-fields';
import { importedEpisodes, importedMovie, importedShow, inRange, seasonFields } from './tmdb-fields';
import { TmdbClient, TmdbKind, TmdbReviewItem, TmdbSeasonDetail } from './tmdb.client';

export const tmdbSourceKey = (id: number) => `import:tmdb:${id}`;

/** What an import counts besides the titles: a film's reviews, a show's new episodes. */
const COUNTED = { movie: 'reviews', tv: 'episodesAdded' } as const;

export type ImportResult<K extends TmdbKind> = { seen: number; added: number; updated: number } & Record<
  (typeof COUNTED)[K],
  number
>;

export type ImportOptions = {
  /** Pages of each list (20 ids a page). */
  pages?: number;
  onTotal?: (total: number) => void;
  onProgress?: (done: number) => void;
};

/** One title imported: whether it was new, and how many reviews or episodes came with it. */
type Imported = { inserted: boolean; more: number };

/**
 * Fills the catalogue from a TMDB-compatible API (DECISIONS 13), films or shows: the ids of the kind's lists,
 * then each title, with its reviews (a film) or its seasons (`/tv/{id}/season/{n}`) and their episodes (a show).
 * Idempotent: a film is upserted on its source key, a show on its TMDB id, seasons added only when missing,
 * episodes upserted on (series, season, number), so a re-run refreshes the source fields and never duplicates.
 * Admin-owned fields (status, access, prices, intro markers) are kept; specials (season 0) are left out.
 */
@Injectable()
export class TmdbImporter {
  constructor(
    private readonly tmdb: TmdbClient,
    private readonly movies: MoviesRepository,
    private readonly reviews: ReviewsRepository,
    private readonly series: SeriesRepository,
    private readonly episodes: EpisodesRepository,
    private readonly listCache: MovieListCache,
    private readonly events: EventBus,
    private readonly outbox: Outbox,
  ) {}

  get configured() {
    return this.tmdb.configured;
  }

  async run<K extends TmdbKind>(
    kind: K,
    { pages = 1, onTotal, onProgress }: ImportOptions = {},
  ): Promise<ImportResult<K>> {
    const lookups = {
      genreNames: await this.tmdb.genres(kind),
      posterUrl: (path: string) => this.tmdb.posterUrl(path),
    };
    const ids = await this.tmdb.listedIds(kind, pages);
    onTotal?.(ids.size);
    const tally = { seen: ids.size, added: 0, updated: 0, more: 0 };
    for (const id of ids) {
      const { inserted, more } =
        kind === 'movie' ? await this.importMovie(id, lookups) : await this.importShow(id, lookups);
      if (inserted) tally.added += 1;
      else tally.updated += 1;
      tally.more += more;
      onProgress?.(tally.added + tally.updated);
    }
    await this.listCache.invalidate();
    const { more, ...counts } = tally;
    return { ...counts, [COUNTED[kind]]: more } as ImportResult<K>;
  }

  private async importMovie(id: number, lookups: TmdbLookups): Promise<Imported> {
    const detail = await this.tmdb.movie(id);
    const { refresh, onInsert } = importedMovie(detail, lookups);
    // Its id chosen here, so the film a new import stores is announced through the outbox (issue 29 §1), stored
    // before the insert: an import killed after it is announced by the service's relay.
    const _id = new Types.ObjectId();
    const sourceKey = tmdbSourceKey(detail.id);
    const expected = { ...onInsert, ...refresh, _id, sourceKey } as StoredMovie;
    const { movie, inserted } = await this.outbox.announce(
      {
        type: 'movie.published',
        payload: moviePublishedEvent(expected),
        // Announced as stored (its generated poster included), so the event's card is what the catalogue shows.
        stored: (imported: { movie: StoredMovie }) => moviePublishedEvent(imported.movie),
      },
      async () => {
        const { title, inserted } = await this.movies.upsertImported(
          { sourceKey },
          { refresh, onInsert: { ...onInsert, _id } },
        );
        return {
          movie: await this.withPoster(this.movies, title, inserted && !detail.poster_path),
          inserted,
        };
      },
      (imported) => imported.inserted,
    );
    const reviews = await this.importReviews(movie._id.toHexString(), await this.tmdb.reviews(id));
    return { inserted, more: reviews };
  }

  private async importShow(id: number, lookups: TmdbLookups): Promise<Imported> {
    const show = await this.tmdb.show(id);
    const { title, inserted } = await this.series.upsertImported(
      { tmdbId: show.id },
      importedShow(show, lookups),
    );
    let series = await this.withPoster(this.series, title, inserted && !show.poster_path);
    const added: Types.ObjectId[] = [];
    const seasonNumbers = show.seasons
      .map((season) => season.season_number)
      .filter((number) => inRange(number, MAX_SEASON_NUMBER));
    for (const number of [...new Set(seasonNumbers)].sort((a, b) => a - b)) {
      const season = await this.tmdb.season(show.id, number);
      series = await this.ensureSeason(series, number, season);
      const episodes = importedEpisodes(number, season, lookups.posterUrl);
      added.push(...(await this.episodes.upsertImported(series._id, episodes)));
    }
    // Announced as stored (its generated poster and every episode included); a known series only its new episodes.
    if (series.status === MovieStatus.Published) {
      const episodes = await this.episodes.ofSeries(series._id);
      if (inserted) await announceSeries(this.events, series, episodes);
      else if (added.length) {
        const isNew = new Set(added.map((episodeId) => episodeId.toHexString()));
        await announceEpisodes(
          this.events,
          series,
          episodes.filter((episode) => isNew.has(episode._id.toHexString())),
        );
      }
    }
    return { inserted, more: added.length };
  }

  /** A title TMDB has no poster for gets its generated one, once its id is known. */
  private async withPoster<R extends TitleRecord>(
    titles: TitleRepository<R>,
    title: StoredTitle<R>,
    generate: boolean,
  ): Promise<StoredTitle<R>> {
    if (!generate) return title;
    const id = title._id.toHexString();
    const posterUrl = `${GENERATED_POSTER_PREFIX}${id}.svg`;
    return (await titles.update(id, { posterUrl } as Partial<R>)) ?? title;
  }

  /** Adds the season when missing; otherwise refreshes its source fields. */
  private async ensureSeason(series: StoredSeries, number: number, season: TmdbSeasonDetail) {
    const fields = seasonFields(number, season);
    const stored =
      (await this.series.addSeason(series._id, { number, ...fields })) ??
      (await this.series.updateSeason(series._id, number, fields));
    return stored ?? series;
  }

  /** Reviews without a rating are skipped: the catalogue's reviews always carry one. */
  private async importReviews(movieId: string, reviews: TmdbReviewItem[]): Promise<number> {
    const rated = reviews.filter((review) => typeof review.author_details.rating === 'number');
    await this.reviews.upsertMany(
      rated.map((review) => ({
        movieId,
        userId: `import:tmdb:${review.id}`,
        username: review.author,
        rating: Math.min(10, Math.max(0, Math.round((review.author_details.rating ?? 0) * 10) / 10)),
        content: review.content,
        createdAt: new Date(review.created_at),
      })),
    );
    return rated.length;
  }
}
