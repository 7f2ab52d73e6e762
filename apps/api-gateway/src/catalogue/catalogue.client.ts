import { Injectable } from '@nestjs/common';
import {
  AdminMoviesQuery,
  AdminSeriesQuery,
  EpisodeInput,
  EpisodeUpdate,
  ListSeriesQuery,
  SeasonInput,
  SeasonUpdate,
  SeriesInput,
  SeriesMessages,
  SeriesRpc,
  SeriesUpdate,
  CreateReview,
  ListMoviesQuery,
  MovieInput,
  MovieMessages,
  MovieRpc,
  MovieUpdate,
  MovieWriteResult,
  ReviewRpc,
  Role,
  SessionUser,
} from '@app/contracts';
import { ServiceClient } from '@app/server-core';
import { InjectServiceClients, ServiceClients } from '../clients/service-clients';

/**
 * Typed calls to catalogue-service: movies, reviews, posters, series (each with the gateway's RPC timeout, each reply
 * checked against its contract). The browse and title pages' replies, which their handlers answer unchanged, are
 * relayed as the service's JSON bytes (`relay`, issue 29 §3); the rest are parsed for the gateway to read.
 */
@Injectable()
export class CatalogueClient {
  private readonly client: ServiceClient;

  constructor(@InjectServiceClients() clients: ServiceClients) {
    this.client = clients.get('catalogue-service');
  }

  listMovies(query: ListMoviesQuery) {
    return this.client.relay(MovieRpc.list, query);
  }

  sections(genre: string | undefined) {
    return this.client.relay(MovieRpc.sections, genre === undefined ? {} : { genre });
  }

  genres() {
    return this.client.relay(MovieRpc.genres, {});
  }

  /** Drafts are visible to admins only. */
  movie(id: string, viewer: SessionUser | undefined) {
    return this.client.relay(MovieRpc.get, { id, asAdmin: viewer?.role === Role.Admin });
  }

  rating(id: string) {
    return this.client.relay(MovieRpc.rating, { id });
  }

  details(movieIds: string[]) {
    return this.client.send(MovieRpc.details, { movieIds });
  }

  reviews(movieId: string) {
    return this.client.relay(ReviewRpc.list, { movieId });
  }

  /** The author is the signed-in caller, never the body. */
  addReview(movieId: string, review: CreateReview, author: SessionUser) {
    return this.client.send(ReviewRpc.create, {
      ...review,
      movieId,
      userId: author.id,
      username: author.username,
    });
  }

  async removeReview(movieId: string, reviewId: string): Promise<void> {
    await this.client.send(ReviewRpc.remove, { movieId, reviewId });
  }

  adminMovies(query: AdminMoviesQuery) {
    return this.client.send(MovieRpc.adminList, query);
  }

  // Admin writes answer SPEC's `{ data, message }`: the envelope is the gateway's, the service answers the Movie.
  async createMovie(input: MovieInput): Promise<MovieWriteResult> {
    return { data: await this.client.send(MovieRpc.create, input), message: MovieMessages.added };
  }

  async updateMovie(id: string, changes: MovieUpdate): Promise<MovieWriteResult> {
    return { data: await this.client.send(MovieRpc.update, { id, changes }), message: MovieMessages.updated };
  }

  async publishMovie(id: string): Promise<MovieWriteResult> {
    return { data: await this.client.send(MovieRpc.publish, { id }) };
  }

  async deleteMovie(id: string): Promise<void> {
    await this.client.send(MovieRpc.remove, { id });
  }

  poster(id: string) {
    return this.client.send(MovieRpc.poster, { id });
  }

  // ---- TV shows (issue 13): series, seasons, episodes, and the playable answer of any title id ----

  listSeries(query: ListSeriesQuery) {
    return this.client.relay(SeriesRpc.list, query);
  }

  seriesGenres() {
    return this.client.relay(SeriesRpc.genres, {});
  }

  series(id: string, viewer: SessionUser | undefined) {
    return this.client.relay(SeriesRpc.get, { id, asAdmin: viewer?.role === Role.Admin });
  }

  episode(id: string, viewer: SessionUser | undefined) {
    return this.client.relay(SeriesRpc.episode, { id, asAdmin: viewer?.role === Role.Admin });
  }

  /** A movie, series or episode id: its title facts, and for an episode its series, season and number. */
  playable(id: string, asAdmin: boolean) {
    return this.client.send(SeriesRpc.playable, { id, asAdmin });
  }

  adminSeries(query: AdminSeriesQuery) {
    return this.client.send(SeriesRpc.adminList, query);
  }

  // Admin writes answer `{ data, message }` as the movie writes do: the envelope is the gateway's.
  async createSeries(input: SeriesInput) {
    return { data: await this.client.send(SeriesRpc.create, input), message: SeriesMessages.added };
  }

  async updateSeries(id: string, changes: SeriesUpdate) {
    return {
      data: await this.client.send(SeriesRpc.update, { id, changes }),
      message: SeriesMessages.updated,
    };
  }

  async publishSeries(id: string) {
    return { data: await this.client.send(SeriesRpc.publish, { id }) };
  }

  removeSeries(id: string) {
    return this.client.send(SeriesRpc.remove, { id });
  }

  async addSeason(seriesId: string, season: SeasonInput) {
    return {
      data: await this.client.send(SeriesRpc.addSeason, { seriesId, season }),
      message: SeriesMessages.seasonAdded,
    };
  }

  async updateSeason(seriesId: string, seasonNumber: number, changes: SeasonUpdate) {
    return { data: await this.client.send(SeriesRpc.updateSeason, { seriesId, seasonNumber, changes }) };
  }

  async removeSeason(seriesId: string, seasonNumber: number) {
    return { data: await this.client.send(SeriesRpc.removeSeason, { seriesId, seasonNumber }) };
  }

  async addEpisode(seriesId: string, seasonNumber: number, episode: EpisodeInput) {
    return {
      data: await this.client.send(SeriesRpc.addEpisode, { seriesId, seasonNumber, episode }),
      message: SeriesMessages.episodeAdded,
    };
  }

  async updateEpisode(id: string, changes: EpisodeUpdate) {
    return { data: await this.client.send(SeriesRpc.updateEpisode, { id, changes }) };
  }

  removeEpisode(id: string) {
    return this.client.send(SeriesRpc.removeEpisode, { id });
  }
}
