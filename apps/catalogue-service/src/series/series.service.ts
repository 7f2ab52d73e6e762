import { Injectable } from '@nestjs/common';
import {
  EpisodeContext,
  ListSeriesQuery,
  MovieMessages,
  nextEpisodeAfter,
  Page,
  Playable,
  Series,
  SeriesDetail,
  SeriesMessages,
  SeriesRpc,
} from '@app/contracts';
import { AppError, JsonReply } from '@app/server-core';
import { MovieListCache } from '../movies/movie-list.cache';
import { MoviesRepository } from '../movies/movies.repository';
import { publishedGenres, publishedPage } from '../titles/title-lists';
import { EpisodesRepository, StoredEpisode } from './episodes.repository';
import { episodePlayable, moviePlayable, seriesPlayable } from './playable.mapper';
import {
  playableEpisodes,
  releasedFor,
  toEpisodeContext,
  toSeriesDetail,
  toSeriesPage,
} from './series.mapper';
import { SeriesRepository, StoredSeries } from './series.repository';

type ReadPayload = { id: string; asAdmin: boolean };

/**
 * What visitors and users read of series: published ones within the calling profile's ceiling (admins also see
 * drafts). A draft series, or one above the ceiling, and every episode in it, is simply not found.
 */
@Injectable()
export class SeriesService {
  constructor(
    private readonly series: SeriesRepository,
    private readonly episodes: EpisodesRepository,
    private readonly movies: MoviesRepository,
    private readonly listCache: MovieListCache,
  ) {}

  async list({ genre, ...query }: ListSeriesQuery) {
    return publishedPage(
      this.listCache,
      { ...query, genres: genre ? [genre] : [] },
      {
        rpc: SeriesRpc.list,
        titles: this.series,
        cacheKey: { prefix: 'series:', genres: genre || null },
        known: () => this.genres(),
        map: (result) => this.withCounts(result),
      },
    );
  }

  genres(): Promise<string[]> {
    return publishedGenres(this.listCache, 'series:genres', this.series);
  }

  async detail({ id, asAdmin }: ReadPayload): Promise<SeriesDetail> {
    const series = await this.series.findVisible(id, { drafts: asAdmin });
    if (!series) throw AppError.notFound(SeriesMessages.notFound);
    return toSeriesDetail(series, releasedFor(await this.episodes.ofSeries(series._id), asAdmin));
  }

  /** The episode, its series and the one after it in play order (across seasons; null after the last). */
  async episode({ id, asAdmin }: ReadPayload): Promise<EpisodeContext> {
    const { episode, series } = await this.findVisibleEpisode(id, asAdmin);
    const episodes = playableEpisodes(series, releasedFor(await this.episodes.ofSeries(series._id), asAdmin));
    if (!episodes.some((other) => other._id.equals(episode._id)))
      throw AppError.notFound(SeriesMessages.episodeNotFound);
    return toEpisodeContext(episode, series, episodes.length, nextEpisodeAfter(episodes, episode));
  }

  /**
   * What decides access to any playable id: a movie's own facts; for a series, or an episode, the series' facts
   * (`kind: 'series'`). Drafts are not found unless asked as an admin, nor titles above the caller's ceiling.
   */
  playable({ id, asAdmin }: ReadPayload): Promise<Playable | JsonReply<Playable>> {
    if (asAdmin) return this.loadPlayable(id, true);
    // Asked at every playback start, purchase check and favourite (three reads each): kept with the lists, dropped
    // at any catalogue write as they are. A title not found is never kept.
    return this.listCache.throughReply(`playable:${id}`, SeriesRpc.playable, () =>
      this.loadPlayable(id, false),
    );
  }

  private async loadPlayable(id: string, asAdmin: boolean): Promise<Playable> {
    const drafts = { drafts: asAdmin };
    const [movie, series, episode] = await Promise.all([
      this.movies.findVisible(id, drafts),
      this.series.findVisible(id, drafts),
      this.episodes.findById(id),
    ]);
    if (movie) return moviePlayable(movie);
    if (series) return seriesPlayable(series);
    const itsSeries = episode && (await this.series.findVisible(episode.seriesId, drafts));
    if (
      episode &&
      releasedFor([episode], asAdmin).length === 1 &&
      itsSeries?.seasons.some((season) => season.number === episode.seasonNumber)
    )
      return episodePlayable(episode, itsSeries);
    // One answer for every id it may not see: nothing tells a hidden series or episode from an unknown id.
    throw AppError.notFound(MovieMessages.notFound);
  }

  private async findVisibleEpisode(idOrEpisode: string | StoredEpisode, asAdmin: boolean) {
    const episode = typeof idOrEpisode === 'string' ? await this.episodes.findById(idOrEpisode) : idOrEpisode;
    const series = episode ? await this.series.findVisible(episode.seriesId, { drafts: asAdmin }) : null;
    if (!episode || !series || !series.seasons.some((season) => season.number === episode.seasonNumber))
      throw AppError.notFound(SeriesMessages.episodeNotFound);
    return { episode, series };
  }

  private async withCounts(page: Page<StoredSeries>): Promise<Page<Series>> {
    return toSeriesPage(page, await this.episodes.countBySeries(page.data.map((series) => series._id)));
  }
}
