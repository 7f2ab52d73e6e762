import { Injectable } from '@nestjs/common';
import {
  AdminMoviesQuery,
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

/** Typed calls to the catalogue service (each with the gateway's RPC timeout, each reply parsed by its contract). */
@Injectable()
export class CatalogueClient {
  private readonly client: ServiceClient;

  constructor(@InjectServiceClients() clients: ServiceClients) {
    this.client = clients.get('catalogue-service');
  }

  listMovies(query: ListMoviesQuery) {
    return this.client.send(MovieRpc.list, query);
  }

  sections(genre: string | undefined) {
    return this.client.send(MovieRpc.sections, genre === undefined ? {} : { genre });
  }

  genres() {
    return this.client.send(MovieRpc.genres, {});
  }

  /** Drafts are visible to admins only. */
  movie(id: string, viewer: SessionUser | undefined) {
    return this.client.send(MovieRpc.get, { id, asAdmin: viewer?.role === Role.Admin });
  }

  rating(id: string) {
    return this.client.send(MovieRpc.rating, { id });
  }

  details(movieIds: string[]) {
    return this.client.send(MovieRpc.details, { movieIds });
  }

  reviews(movieId: string) {
    return this.client.send(ReviewRpc.list, { movieId });
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
}
