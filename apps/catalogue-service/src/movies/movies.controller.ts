import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { ListMoviesQuerySchema, MoviePatterns, PosterRequestSchema } from '@app/contracts';
import type { ListMoviesQuery, PosterRequest } from '@app/contracts';
import { RpcPayload } from '@app/server-core';
import { MoviesService } from './movies.service';

@Controller()
export class MoviesController {
  constructor(private readonly movies: MoviesService) {}

  @MessagePattern(MoviePatterns.list)
  list(@RpcPayload(ListMoviesQuerySchema) query: ListMoviesQuery) {
    return this.movies.listPublished(query);
  }

  @MessagePattern(MoviePatterns.poster)
  poster(@RpcPayload(PosterRequestSchema) { id }: PosterRequest) {
    return this.movies.poster(id);
  }
}
