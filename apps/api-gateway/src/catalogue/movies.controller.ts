import { Body, Controller, Get, Param, Post, Query } from '@nestjs/common';
import {
  CreateReviewSchema,
  ListMoviesQuerySchema,
  MovieSectionsQuerySchema,
  ObjectIdSchema,
} from '@app/contracts';
import type { CreateReview, ListMoviesQuery, MovieSectionsQuery, SessionUser } from '@app/contracts';
import { Public, ZodPipe } from '@app/server-core';
import { CurrentUser } from '../auth/auth.decorators';
import { RateLimited } from '../rate-limit/rate-limits';
import { CatalogueClient } from './catalogue.client';

export const MovieId = () => Param('id', new ZodPipe(ObjectIdSchema, 'movie id'));

/** Browse, movie pages and reviews of `/api/movies` (the admin writes are in AdminMoviesController). */
@Controller('api/movies')
export class MoviesController {
  constructor(private readonly catalogue: CatalogueClient) {}

  /** The list and search: a tighter budget per client (RATE_LIMIT_BROWSE_PER_MINUTE), like sections. */
  @Public()
  @RateLimited('browse')
  @Get()
  list(@Query(new ZodPipe(ListMoviesQuerySchema, 'query')) query: ListMoviesQuery) {
    return this.catalogue.listMovies(query);
  }

  // Before `:id`, so these paths are not read as ids.
  @Public()
  @RateLimited('browse')
  @Get('sections')
  sections(@Query(new ZodPipe(MovieSectionsQuerySchema, 'query')) { genre }: MovieSectionsQuery) {
    return this.catalogue.sections(genre);
  }

  @Public()
  @Get('genres')
  genres() {
    return this.catalogue.genres();
  }

  @Public()
  @Get(':id')
  movie(@MovieId() id: string, @CurrentUser() viewer: SessionUser | undefined) {
    return this.catalogue.movie(id, viewer);
  }

  @Public()
  @Get(':id/rating')
  rating(@MovieId() id: string) {
    return this.catalogue.rating(id);
  }

  @Public()
  @Get(':id/reviews')
  reviews(@MovieId() id: string) {
    return this.catalogue.reviews(id);
  }

  @Post(':id/reviews')
  addReview(
    @MovieId() id: string,
    @Body(new ZodPipe(CreateReviewSchema, 'review')) review: CreateReview,
    @CurrentUser() author: SessionUser,
  ) {
    return this.catalogue.addReview(id, review, author);
  }
}
