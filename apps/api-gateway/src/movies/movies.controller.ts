import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { ListMoviesQuerySchema } from '@app/contracts';
import type { ListMoviesQuery } from '@app/contracts';
import { CorrelationId, ZodPipe, Public } from '@app/server-core';
import { CatalogueClient } from './catalogue.client';

@Public()
@ApiTags('movies')
@Controller('api/movies')
export class MoviesController {
  constructor(private readonly catalogue: CatalogueClient) {}

  @Get()
  @ApiOperation({ summary: 'Published titles, most popular first, paginated: { data, page, pageSize, total }' })
  @ApiQuery({ name: 'page', required: false, type: Number })
  @ApiQuery({ name: 'pageSize', required: false, type: Number, description: '1–100, default 24' })
  list(@Query(new ZodPipe(ListMoviesQuerySchema, 'query')) query: ListMoviesQuery, @CorrelationId() correlationId: string) {
    return this.catalogue.listMovies(query, correlationId);
  }
}
