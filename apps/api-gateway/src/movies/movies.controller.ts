import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import {
  CreateReviewSchema,
  ListMoviesQuerySchema,
  MovieInputSchema,
  MovieSectionsQuerySchema,
  MovieUpdateSchema,
  ObjectIdSchema,
  Role,
} from '@app/contracts';
import type { CreateReview, ListMoviesQuery, MovieInput, MovieSectionsQuery, MovieUpdate, SessionUser } from '@app/contracts';
import { CorrelationId, Public, ZodPipe } from '@app/server-core';
import { CurrentUser, Roles } from '../auth/auth.decorators';
import { CatalogueClient } from './catalogue.client';

const MovieId = () => Param('id', new ZodPipe(ObjectIdSchema, 'movie id'));

/** Browse, movie pages and reviews (public reads) and the admin writes of `/api/movies`. */
@ApiTags('movies')
@Controller('api/movies')
export class MoviesController {
  constructor(private readonly catalogue: CatalogueClient) {}

  @Public()
  @Get()
  @ApiOperation({ summary: 'Published titles, paginated: { data, page, pageSize, total }' })
  @ApiQuery({ name: 'page', required: false, type: Number })
  @ApiQuery({ name: 'pageSize', required: false, type: Number, description: '1–100, default 24' })
  @ApiQuery({ name: 'search', required: false, description: 'title substring, case- and accent-insensitive' })
  @ApiQuery({ name: 'genre', required: false })
  @ApiQuery({ name: 'category', required: false, enum: ['action', 'comedy', 'drama', 'scifi'] })
  @ApiQuery({ name: 'access', required: false, enum: ['free', 'premium'] })
  @ApiQuery({ name: 'sort', required: false, enum: ['popular', 'newest', 'top-rated', 'title'] })
  list(@Query(new ZodPipe(ListMoviesQuerySchema, 'query')) query: ListMoviesQuery, @CorrelationId() correlationId: string) {
    return this.catalogue.listMovies(query, correlationId);
  }

  // Before `:id`, so these paths are not read as ids.
  @Public()
  @Get('sections')
  @ApiOperation({ summary: 'Every list of the home page: hero, newlyLaunched, topRated, free, premium, popular, trending' })
  @ApiQuery({ name: 'genre', required: false, description: 'filters trending' })
  sections(@Query(new ZodPipe(MovieSectionsQuerySchema, 'query')) { genre }: MovieSectionsQuery, @CorrelationId() correlationId: string) {
    return this.catalogue.sections(genre, correlationId);
  }

  @Public()
  @Get('genres')
  @ApiOperation({ summary: 'Genres of the published titles' })
  genres(@CorrelationId() correlationId: string) {
    return this.catalogue.genres(correlationId);
  }

  @Public()
  @Get(':id')
  @ApiOperation({ summary: 'A title with its 5 newest reviews (drafts for admins only)' })
  movie(@MovieId() id: string, @CurrentUser() viewer: SessionUser | undefined, @CorrelationId() correlationId: string) {
    return this.catalogue.movie(id, viewer, correlationId);
  }

  @Public()
  @Get(':id/rating')
  @ApiOperation({ summary: "External rating: { rating ('N/A' when unknown), votes, imdbId }" })
  rating(@MovieId() id: string, @CorrelationId() correlationId: string) {
    return this.catalogue.rating(id, correlationId);
  }

  @Public()
  @Get(':id/reviews')
  @ApiOperation({ summary: 'Reviews of a title, newest first' })
  reviews(@MovieId() id: string, @CorrelationId() correlationId: string) {
    return this.catalogue.reviews(id, correlationId);
  }

  @Post(':id/reviews')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Review a title (one per user per title)' })
  addReview(
    @MovieId() id: string,
    @Body(new ZodPipe(CreateReviewSchema, 'review')) review: CreateReview,
    @CurrentUser() author: SessionUser,
    @CorrelationId() correlationId: string,
  ) {
    return this.catalogue.addReview(id, review, author, correlationId);
  }

  @Roles(Role.Admin)
  @Delete(':id/reviews/:reviewId')
  @HttpCode(204)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Admin: remove a review' })
  removeReview(
    @MovieId() id: string,
    @Param('reviewId', new ZodPipe(ObjectIdSchema, 'review id')) reviewId: string,
    @CorrelationId() correlationId: string,
  ) {
    return this.catalogue.removeReview(id, reviewId, correlationId);
  }

  @Roles(Role.Admin)
  @Post()
  @ApiBearerAuth()
  @ApiOperation({ summary: "Admin: add a title (a draft unless status is 'published')" })
  create(@Body(new ZodPipe(MovieInputSchema, 'movie')) input: MovieInput, @CorrelationId() correlationId: string) {
    return this.catalogue.createMovie(input, correlationId);
  }

  @Roles(Role.Admin)
  @Put(':id')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Admin: edit a title (partial)' })
  update(@MovieId() id: string, @Body(new ZodPipe(MovieUpdateSchema, 'movie')) changes: MovieUpdate, @CorrelationId() correlationId: string) {
    return this.catalogue.updateMovie(id, changes, correlationId);
  }

  @Roles(Role.Admin)
  @Put(':id/publish')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Admin: publish a draft' })
  publish(@MovieId() id: string, @CorrelationId() correlationId: string) {
    return this.catalogue.publishMovie(id, correlationId);
  }

  @Roles(Role.Admin)
  @Delete(':id')
  @HttpCode(204)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Admin: delete a title and its reviews' })
  remove(@MovieId() id: string, @CorrelationId() correlationId: string) {
    return this.catalogue.deleteMovie(id, correlationId);
  }
}
