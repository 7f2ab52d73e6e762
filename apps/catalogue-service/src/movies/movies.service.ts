import { Injectable } from '@nestjs/common';
import {
  CategoryGenre,
  FREE_MAX_RATING,
  GetMoviePayload,
  ListMoviesQuery,
  Movie,
  MovieAccess,
  MovieDetail,
  MovieMessages,
  MovieRpc,
  MovieSections,
  MovieStatus,
  SECTION_SIZE,
  TOP_RATED_SIZE,
  TOP_REVIEWS,
} from '@app/contracts';
import { AppError, type JsonReply } from '@app/server-core';
import { renderPoster } from '../posters/poster.renderer';
import { toReview } from '../reviews/review.mapper';
import { ReviewsRepository } from '../reviews/reviews.repository';
import { SeriesRepository } from '../series/series.repository';
import type { TitleCriteria } from '../titles/title.repository';
import { allKnown, publishedGenres, publishedPage } from '../titles/title-lists';
import { distinctRows } from './home-rows';
import { toMovie } from './movie.mapper';
import { MovieListCache } from './movie-list.cache';
import { MoviesRepository } from './movies.repository';

const published = MovieStatus.Published;

/** What visitors and users read: published titles only. */
@Injectable()
export class MoviesService {
  constructor(
    private readonly movies: MoviesRepository,
    private readonly reviews: ReviewsRepository,
    private readonly listCache: MovieListCache,
    private readonly series: SeriesRepository,
  ) {}

  async listPublished({ genre, category, ...query }: ListMoviesQuery) {
    // A genre filter and a category can meet: a title then has both.
    const genres = [genre, category && CategoryGenre[category]].filter((g): g is string => Boolean(g));
    return publishedPage(
      this.listCache,
      { ...query, genres },
      {
        rpc: MovieRpc.list,
        titles: this.movies,
        cacheKey: { prefix: '', genres },
        known: () => this.genres(),
        map: (result) => ({ ...result, data: result.data.map(toMovie) }),
      },
    );
  }

  /**
   * Every list of the user home and landing, computed from the catalogue (DECISIONS 13), in page order and without
   * repeats where the row allows (`distinctRows`: Top Rated is a chart and stays whole; the other rows leave out
   * the hero and what the rows above them show).
   */
  async sections(genre?: string): Promise<MovieSections> {
    // Only the genres the catalogue lists get a cache entry of their own; another matches no title.
    if (genre !== undefined && !(await allKnown([genre], () => this.genres())))
      return { ...(await this.sections()), trending: [] };
    return this.listCache.through(`sections:${genre ?? ''}`, async () => {
      const top = async (
        criteria: Omit<TitleCriteria, 'status'>,
        sort: Parameters<MoviesRepository['top']>[1],
        limit = SECTION_SIZE,
      ) => (await this.movies.top({ ...criteria, status: published }, sort, limit)).map(toMovie);
      // Each row reads enough of its own order to fill up once the titles shown above it are left out (home-rows).
      const above = (rows: number) => 1 + rows * SECTION_SIZE + TOP_RATED_SIZE;
      const [newest, best, freeTitles, premiumTitles, popularTitles, trending] = await Promise.all([
        top({}, 'newest', SECTION_SIZE + 1),
        top({}, 'top-rated', TOP_RATED_SIZE),
        top({ access: MovieAccess.Free, maxRating: FREE_MAX_RATING }, 'popular', SECTION_SIZE + above(1)),
        top({ access: MovieAccess.Premium }, 'popular', SECTION_SIZE + above(2)),
        top({}, 'popular', SECTION_SIZE + above(3)),
        // Trending is popularity until viewing data exists (DECISIONS 13); the genre filter applies here (SPEC 2).
        // It follows the genre filter rather than the page, so it is left as it is.
        top({ genres: genre ? [genre] : [] }, 'popular'),
      ]);
      const hero = popularTitles[0] ?? null;
      const [newlyLaunched, topRated, free, premium, popular] = distinctRows(
        [
          { candidates: newest, size: SECTION_SIZE },
          { candidates: best, size: TOP_RATED_SIZE, chart: true },
          { candidates: freeTitles, size: SECTION_SIZE },
          { candidates: premiumTitles, size: SECTION_SIZE },
          { candidates: popularTitles, size: SECTION_SIZE },
        ],
        (movie) => movie.id,
        new Set(hero ? [hero.id] : []),
      );
      return { hero, newlyLaunched, topRated, free, premium, popular, trending };
    });
  }

  genres(): Promise<string[]> {
    return publishedGenres(this.listCache, 'genres', this.movies);
  }

  /**
   * A title's page with its newest reviews. A viewer's is kept with the lists, as the JSON it is sent as (one of the
   * most asked answers: issue 29 §3), and dropped by the same invalidation (any catalogue write, a review posted or
   * removed); an admin's shows drafts and is read each time. A title not found is never kept.
   */
  detail({ id, asAdmin }: GetMoviePayload): Promise<MovieDetail | JsonReply<MovieDetail>> {
    if (asAdmin) return this.loadDetail(id, true);
    return this.listCache.throughReply(`detail:${id}`, MovieRpc.get, () => this.loadDetail(id, false));
  }

  private async loadDetail(id: string, asAdmin: boolean): Promise<MovieDetail> {
    const movie = await this.findVisible(id, asAdmin);
    const reviews = await this.reviews.newestOf(movie._id.toHexString(), TOP_REVIEWS);
    return { ...toMovie(movie), topReviews: reviews.map(toReview) };
  }

  /** Published titles in the order asked; unknown ids are skipped. */
  async details(movieIds: string[]): Promise<Movie[]> {
    const found = new Map(
      (await this.movies.findPublishedByIds(movieIds)).map((movie) => [movie._id.toHexString(), movie]),
    );
    return [...new Set(movieIds)].flatMap((id) => {
      const movie = found.get(id);
      return movie ? [toMovie(movie)] : [];
    });
  }

  /**
   * The generated poster of a published title or series; a draft's is as hidden as its page (an <img> carries no
   * token).
   */
  async poster(id: string): Promise<{ svg: string }> {
    const [movie, series] = await Promise.all([this.movies.findById(id), this.series.findById(id)]);
    const shown = movie ?? series;
    if (!shown || shown.status !== published) throw AppError.notFound(MovieMessages.notFound);
    const date = movie ? movie.releaseDate : (series?.firstAirDate ?? null);
    return {
      svg: renderPoster({
        id,
        title: shown.title,
        genre: shown.genre,
        genres: shown.genres,
        year: date?.getUTCFullYear() ?? null,
      }),
    };
  }

  /** Drafts exist only for admins, titles above the profile's ceiling not for it: to them they are simply not found. */
  private async findVisible(id: string, asAdmin: boolean) {
    const movie = await this.movies.findVisible(id, { drafts: asAdmin });
    if (!movie) throw AppError.notFound(MovieMessages.notFound);
    return movie;
  }
}
