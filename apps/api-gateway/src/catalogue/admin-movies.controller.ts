import { Body, Controller, Param, Query } from '@nestjs/common';
import { AdminMovieRoutes } from '@app/contracts';
import type { AdminMoviesQuery, MovieInput, MovieUpdate } from '@app/contracts';
import { Endpoint } from '../routes/endpoint.decorator';
import { CatalogueClient } from './catalogue.client';

/** The admin's catalogue: the Manage Movies grid (`/api/admin/movies`) and every write of `/api/movies`. */
@Controller()
export class AdminMoviesController {
  constructor(private readonly catalogue: CatalogueClient) {}

  @Endpoint(AdminMovieRoutes.list)
  list(@Query() query: AdminMoviesQuery) {
    return this.catalogue.adminMovies(query);
  }

  @Endpoint(AdminMovieRoutes.create)
  create(@Body() input: MovieInput) {
    return this.catalogue.createMovie(input);
  }

  @Endpoint(AdminMovieRoutes.update)
  update(@Param('id') id: string, @Body() changes: MovieUpdate) {
    return this.catalogue.updateMovie(id, changes);
  }

  @Endpoint(AdminMovieRoutes.publish)
  publish(@Param('id') id: string) {
    return this.catalogue.publishMovie(id);
  }

  @Endpoint(AdminMovieRoutes.remove)
  remove(@Param('id') id: string) {
    return this.catalogue.deleteMovie(id);
  }

  @Endpoint(AdminMovieRoutes.removeReview)
  removeReview(@Param('id') id: string, @Param('reviewId') reviewId: string) {
    return this.catalogue.removeReview(id, reviewId);
  }
}
