import { Injectable } from '@nestjs/common';
import {
  AdminMovie,
  AdminMoviesQuery,
  CreateReview,
  ListMoviesQuery,
  Movie,
  MovieDetail,
  MovieInput,
  MoviePatterns,
  MovieRating,
  MovieSections,
  MovieUpdate,
  MovieWriteResult,
  Page,
  Review,
  ReviewPatterns,
  SessionUser,
} from '@app/contracts';
import { ServiceClient } from '@app/server-core';
import { InjectServiceClients, ServiceClients } from '../clients/service-clients';

/** Typed calls to the catalogue service (each with the gateway's RPC timeout). */
@Injectable()
export class CatalogueClient {
  private readonly client: ServiceClient;

  constructor(@InjectServiceClients() clients: ServiceClients) {
    this.client = clients.get('catalogue-service');
  }

  listMovies(query: ListMoviesQuery, correlationId: string) {
    return this.client.send<Page<Movie>>(MoviePatterns.list, query, correlationId);
  }

  sections(genre: string | undefined, correlationId: string) {
    return this.client.send<MovieSections>(MoviePatterns.sections, genre === undefined ? {} : { genre }, correlationId);
  }

  genres(correlationId: string) {
    return this.client.send<string[]>(MoviePatterns.genres, {}, correlationId);
  }

  /** Drafts are visible to admins only. */
  movie(id: string, viewer: SessionUser | undefined, correlationId: string) {
    return this.client.send<MovieDetail>(MoviePatterns.get, { id, asAdmin: viewer?.role === 'admin' }, correlationId);
  }

  rating(id: string, correlationId: string) {
    return this.client.send<MovieRating>(MoviePatterns.rating, { id }, correlationId);
  }

  details(movieIds: string[], correlationId: string) {
    return this.client.send<Movie[]>(MoviePatterns.details, { movieIds }, correlationId);
  }

  reviews(movieId: string, correlationId: string) {
    return this.client.send<Review[]>(ReviewPatterns.list, { movieId }, correlationId);
  }

  /** The author is the signed-in caller, never the body. */
  addReview(movieId: string, review: CreateReview, author: SessionUser, correlationId: string) {
    const payload = { ...review, movieId, userId: author.id, username: author.username };
    return this.client.send<Review>(ReviewPatterns.create, payload, correlationId);
  }

  async removeReview(movieId: string, reviewId: string, correlationId: string): Promise<void> {
    await this.client.send(ReviewPatterns.remove, { movieId, reviewId }, correlationId);
  }

  adminMovies(query: AdminMoviesQuery, correlationId: string) {
    return this.client.send<Page<AdminMovie>>(MoviePatterns.adminList, query, correlationId);
  }

  createMovie(input: MovieInput, correlationId: string) {
    return this.client.send<MovieWriteResult>(MoviePatterns.create, input, correlationId);
  }

  updateMovie(id: string, changes: MovieUpdate, correlationId: string) {
    return this.client.send<MovieWriteResult>(MoviePatterns.update, { id, changes }, correlationId);
  }

  publishMovie(id: string, correlationId: string) {
    return this.client.send<MovieWriteResult>(MoviePatterns.publish, { id }, correlationId);
  }

  async deleteMovie(id: string, correlationId: string): Promise<void> {
    await this.client.send(MoviePatterns.remove, { id }, correlationId);
  }

  poster(id: string, correlationId: string) {
    return this.client.send<{ svg: string }>(MoviePatterns.poster, { id }, correlationId);
  }
}
