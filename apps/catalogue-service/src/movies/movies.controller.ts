import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import {
  AdminMoviesQuerySchema,
  GetMoviePayloadSchema,
  ListMoviesQuerySchema,
  MovieDetailsRequestSchema,
  MovieIdSchema,
  MovieInputSchema,
  MoviePatterns,
  MovieSectionsQuerySchema,
  PosterRequestSchema,
  UpdateMoviePayloadSchema,
} from '@app/contracts';
import type {
  AdminMoviesQuery,
  GetMoviePayload,
  ListMoviesQuery,
  MovieDetailsRequest,
  MovieId,
  MovieInput,
  MovieSectionsQuery,
  PosterRequest,
  UpdateMoviePayload,
} from '@app/contracts';
import { RpcPayload } from '@app/server-core';
import { MovieAdminService } from './movie-admin.service';
import { MoviesService } from './movies.service';

@Controller()
export class MoviesController {
  constructor(
    private readonly movies: MoviesService,
    private readonly admin: MovieAdminService,
  ) {}

  @MessagePattern(MoviePatterns.list)
  list(@RpcPayload(ListMoviesQuerySchema) query: ListMoviesQuery) {
    return this.movies.listPublished(query);
  }

  @MessagePattern(MoviePatterns.sections)
  sections(@RpcPayload(MovieSectionsQuerySchema) { genre }: MovieSectionsQuery) {
    return this.movies.sections(genre);
  }

  @MessagePattern(MoviePatterns.genres)
  genres() {
    return this.movies.genres();
  }

  @MessagePattern(MoviePatterns.get)
  get(@RpcPayload(GetMoviePayloadSchema) payload: GetMoviePayload) {
    return this.movies.detail(payload);
  }

  @MessagePattern(MoviePatterns.details)
  details(@RpcPayload(MovieDetailsRequestSchema) { movieIds }: MovieDetailsRequest) {
    return this.movies.details(movieIds);
  }

  @MessagePattern(MoviePatterns.poster)
  poster(@RpcPayload(PosterRequestSchema) { id }: PosterRequest) {
    return this.movies.poster(id);
  }

  @MessagePattern(MoviePatterns.adminList)
  adminList(@RpcPayload(AdminMoviesQuerySchema) query: AdminMoviesQuery) {
    return this.admin.list(query);
  }

  @MessagePattern(MoviePatterns.create)
  create(@RpcPayload(MovieInputSchema) input: MovieInput) {
    return this.admin.create(input);
  }

  @MessagePattern(MoviePatterns.update)
  update(@RpcPayload(UpdateMoviePayloadSchema) { id, changes }: UpdateMoviePayload) {
    return this.admin.update(id, changes);
  }

  @MessagePattern(MoviePatterns.publish)
  publish(@RpcPayload(MovieIdSchema) { id }: MovieId) {
    return this.admin.publish(id);
  }

  @MessagePattern(MoviePatterns.remove)
  remove(@RpcPayload(MovieIdSchema) { id }: MovieId) {
    return this.admin.remove(id);
  }
}
