import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import {
  AdminMoviesQuerySchema,
  MovieInputSchema,
  MovieUpdateSchema,
  ObjectIdSchema,
  Role,
} from '@app/contracts';
import type { AdminMoviesQuery, MovieInput, MovieUpdate } from '@app/contracts';
import { ZodPipe } from '@app/server-core';
import { Roles } from '../auth/auth.decorators';
import { CatalogueClient } from './catalogue.client';
import { MovieId } from './movies.controller';

/** The admin's catalogue: the Manage Movies grid (`/api/admin/movies`) and every write of `/api/movies`. */
@Roles(Role.Admin)
@Controller()
export class AdminMoviesController {
  constructor(private readonly catalogue: CatalogueClient) {}

  @Get('api/admin/movies')
  list(@Query(new ZodPipe(AdminMoviesQuerySchema, 'query')) query: AdminMoviesQuery) {
    return this.catalogue.adminMovies(query);
  }

  @Post('api/movies')
  create(@Body(new ZodPipe(MovieInputSchema, 'movie')) input: MovieInput) {
    return this.catalogue.createMovie(input);
  }

  @Put('api/movies/:id')
  update(@MovieId() id: string, @Body(new ZodPipe(MovieUpdateSchema, 'movie')) changes: MovieUpdate) {
    return this.catalogue.updateMovie(id, changes);
  }

  @Put('api/movies/:id/publish')
  publish(@MovieId() id: string) {
    return this.catalogue.publishMovie(id);
  }

  @Delete('api/movies/:id')
  @HttpCode(204)
  remove(@MovieId() id: string) {
    return this.catalogue.deleteMovie(id);
  }

  @Delete('api/movies/:id/reviews/:reviewId')
  @HttpCode(204)
  removeReview(
    @MovieId() id: string,
    @Param('reviewId', new ZodPipe(ObjectIdSchema, 'review id')) reviewId: string,
  ) {
    return this.catalogue.removeReview(id, reviewId);
  }
}
