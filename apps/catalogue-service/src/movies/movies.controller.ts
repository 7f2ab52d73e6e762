import { Controller } from '@nestjs/common';
import { MovieRpc } from '@app/contracts';
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
import { RpcHandler, RpcPayload } from '@app/server-core';
import { MovieAdminService } from './movie-admin.service';
import { MoviesService } from './movies.service';

@Controller()
export class MoviesController {
  constructor(
    private readonly movies: MoviesService,
    private readonly admin: MovieAdminService,
  ) {}

  @RpcHandler(MovieRpc.list)
  list(@RpcPayload() query: ListMoviesQuery) {
    return this.movies.listPublished(query);
  }

  @RpcHandler(MovieRpc.sections)
  sections(@RpcPayload() { genre }: MovieSectionsQuery) {
    return this.movies.sections(genre);
  }

  @RpcHandler(MovieRpc.genres)
  genres() {
    return this.movies.genres();
  }

  @RpcHandler(MovieRpc.get)
  get(@RpcPayload() payload: GetMoviePayload) {
    return this.movies.detail(payload);
  }

  @RpcHandler(MovieRpc.details)
  details(@RpcPayload() { movieIds }: MovieDetailsRequest) {
    return this.movies.details(movieIds);
  }

  @RpcHandler(MovieRpc.poster)
  poster(@RpcPayload() { id }: PosterRequest) {
    return this.movies.poster(id);
  }

  @RpcHandler(MovieRpc.adminList)
  adminList(@RpcPayload() query: AdminMoviesQuery) {
    return this.admin.list(query);
  }

  @RpcHandler(MovieRpc.create)
  create(@RpcPayload() input: MovieInput) {
    return this.admin.create(input);
  }

  @RpcHandler(MovieRpc.update)
  update(@RpcPayload() { id, changes }: UpdateMoviePayload) {
    return this.admin.update(id, changes);
  }

  @RpcHandler(MovieRpc.publish)
  publish(@RpcPayload() { id }: MovieId) {
    return this.admin.publish(id);
  }

  @RpcHandler(MovieRpc.remove)
  remove(@RpcPayload() { id }: MovieId) {
    return this.admin.remove(id);
  }
}
