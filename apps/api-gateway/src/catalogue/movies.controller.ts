import { Body, Controller, Param, Query } from '@nestjs/common';
import { MovieRoutes } from '@app/contracts';
import type {
  CreateReview,
  ListMoviesQuery,
  MovieDetailsRequest,
  MovieSectionsQuery,
  SessionUser,
} from '@app/contracts';
import { CurrentUser } from '../auth/auth.decorators';
import { Endpoint } from '../routes/endpoint.decorator';
import { CatalogueClient } from './catalogue.client';

/** Browse, movie pages and reviews of `/api/movies` (the admin writes are in AdminMoviesController). */
@Controller()
export class MoviesController {
  constructor(private readonly catalogue: CatalogueClient) {}

  @Endpoint(MovieRoutes.list)
  list(@Query() query: ListMoviesQuery) {
    return this.catalogue.listMovies(query);
  }

  // Before `:id`, so these paths are not read as ids.
  @Endpoint(MovieRoutes.sections)
  sections(@Query() { genre }: MovieSectionsQuery) {
    return this.catalogue.sections(genre);
  }

  @Endpoint(MovieRoutes.genres)
  genres() {
    return this.catalogue.genres();
  }

  @Endpoint(MovieRoutes.movie)
  movie(@Param('id') id: string, @CurrentUser() viewer: SessionUser | undefined) {
    return this.catalogue.movie(id, viewer);
  }

  @Endpoint(MovieRoutes.rating)
  rating(@Param('id') id: string) {
    return this.catalogue.rating(id);
  }

  @Endpoint(MovieRoutes.reviews)
  reviews(@Param('id') id: string) {
    return this.catalogue.reviews(id);
  }

  @Endpoint(MovieRoutes.addReview)
  addReview(@Param('id') id: string, @Body() review: CreateReview, @CurrentUser() author: SessionUser) {
    return this.catalogue.addReview(id, review, author);
  }

  @Endpoint(MovieRoutes.details)
  details(@Body() { movieIds }: MovieDetailsRequest) {
    return this.catalogue.details(movieIds);
  }
}
