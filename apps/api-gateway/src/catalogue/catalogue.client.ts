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
import type { RpcDescriptor, RpcReply, RpcRequest } from '@app/contracts';
import { ServiceClient } from '@app/server-core';
import { InjectServiceClients, ServiceClients } from '../clients/service-clients';
import { PublicCatalogue } from './public-catalogue';

/**
 * Typed calls to catalogue-service: movies, reviews, posters, series (each with the gateway's RPC timeout, each reply
 * checked against its contract). The browse and title pages' replies, which their handlers answer unchanged, are
 * relayed as the service's JSON bytes (`relay`, issue 29 §3); the rest are parsed for the gateway to read. What every
 * visitor reads alike is held here (PublicCatalogue), and every write (`write`) drops it.
 */
@Injectable()
export class CatalogueClient {
  private readonly client: ServiceClient;

  constructor(
    @InjectServiceClients() clients: ServiceClients,
    private readonly visitors: PublicCatalogue,
  ) {
    this.client = clients.get('catalogue-service');
  }

  listMovies(query: ListMoviesQuery) {
    return this.held(MovieRpc.list, query);
  }

  sections(genre: string | undefined) {
    return this.held(MovieRpc.sections, genre === undefined ? {} : { genre });
  }

  genres() {
    return this.held(MovieRpc.genres, {});
  }

  /** Drafts are visible to admins only (their page is never held). */
  movie(id: string, viewer: SessionUser | undefined) {
    const asAdmin = viewer?.role === Role.Admin;
    return asAdmin
      ? this.client.relay(MovieRpc.get, { id, asAdmin })
      : this.held(MovieRpc.get, { id, asAdmin });
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
    return this.write(ReviewRpc.create, {
      ...review,
      movieId,
      userId: author.id,
      username: author.username,
    });
  }

  async removeReview(movieId: string, reviewId: string): Promise<void> {
    await this.write(ReviewRpc.remove, { movieId, reviewId });
  }

  adminMovies(query: AdminMoviesQuery) {
    return this.client.send(MovieRpc.adminList, query);
  }

  // Admin writes answer SPEC's `{ data, message }`: the envelope is the gateway's, the service answers the Movie.
  async createMovie(input: MovieInput): Promise<MovieWriteResult> {
    return { data: await this.write(MovieRpc.create, input), message: MovieMessages.added };
  }

  async updateMovie(id: string, changes: MovieUpdate): Promise<MovieWriteResult> {
    return { data: await this.write(MovieRpc.update, { id, changes }), message: MovieMessages.updated };
  }

  async publishMovie(id: string): Promise<MovieWriteResult> {
    return { data: await this.write(MovieRpc.publish, { id }) };
  }

  async deleteMovie(id: string): Promise<void> {
    await this.write(MovieRpc.remove, { id });
  }

  poster(id: string) {
    return this.client.send(MovieRpc.poster, { id });
  }

  // ---- TV shows (issue 13): series, seasons, episodes, and the playable answer of any title id ----

  listSeries(query: ListSeriesQuery) {
    return this.held(SeriesRpc.list, query);
  }

  seriesGenres() {
    return this.held(SeriesRpc.genres, {});
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
    return { data: await this.write(SeriesRpc.create, input), message: SeriesMessages.added };
  }

  async updateSeries(id: string, changes: SeriesUpdate) {
    return {
      data: await this.write(SeriesRpc.update, { id, changes }),
      message: SeriesMessages.updated,
    };
  }

  async publishSeries(id: string) {
    return { data: await this.write(SeriesRpc.publish, { id }) };
  }

  removeSeries(id: string) {
    return this.write(SeriesRpc.remove, { id });
  }

  async addSeason(seriesId: string, season: SeasonInput) {
    return {
      data: await this.write(SeriesRpc.addSeason, { seriesId, season }),
      message: SeriesMessages.seasonAdded,
    };
  }

  async updateSeason(seriesId: string, seasonNumber: number, changes: SeasonUpdate) {
    return { data: await this.write(SeriesRpc.updateSeason, { seriesId, seasonNumber, changes }) };
  }

  async removeSeason(seriesId: string, seasonNumber: number) {
    return { data: await this.write(SeriesRpc.removeSeason, { seriesId, seasonNumber }) };
  }

  async addEpisode(seriesId: string, seasonNumber: number, episode: EpisodeInput) {
    return {
      data: await this.write(SeriesRpc.addEpisode, { seriesId, seasonNumber, episode }),
      message: SeriesMessages.episodeAdded,
    };
  }

  async updateEpisode(id: string, changes: EpisodeUpdate) {
    return { data: await this.write(SeriesRpc.updateEpisode, { id, changes }) };
  }

  removeEpisode(id: string) {
    return this.write(SeriesRpc.removeEpisode, { id });
  }

  /** A read every visitor makes alike: held by PublicCatalogue, else relayed. */
  private held<R extends RpcDescriptor>(rpc: R, payload: RpcRequest<R>) {
    return this.visitors.read(rpc, payload, () => this.client.relay(rpc, payload));
  }

  /** A catalogue write: what this gateway holds for visitors goes, even when the write failed midway. */
  private async write<R extends RpcDescriptor>(rpc: R, payload: RpcRequest<R>): Promise<RpcReply<R>> {
    try {
      return await this.client.send(rpc, payload);
    } finally {
      this.visitors.changed();
    }
  }
}
