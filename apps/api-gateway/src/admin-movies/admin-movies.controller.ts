import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { AdminMoviesQuerySchema, Role } from '@app/contracts';
import type { AdminMoviesQuery } from '@app/contracts';
import { CorrelationId, ZodPipe } from '@app/server-core';
import { Roles } from '../auth/auth.decorators';
import { CatalogueClient } from '../movies/catalogue.client';

/** The admin dashboard's Manage Movies grid: drafts and published titles with their reviews. */
@Roles(Role.Admin)
@ApiBearerAuth()
@ApiTags('admin')
@Controller('api/admin/movies')
export class AdminMoviesController {
  constructor(private readonly catalogue: CatalogueClient) {}

  @Get()
  @ApiOperation({ summary: 'Admin: every title (filter by status, search), each with its reviews' })
  @ApiQuery({ name: 'status', required: false, enum: ['draft', 'published'] })
  @ApiQuery({ name: 'search', required: false })
  @ApiQuery({ name: 'page', required: false, type: Number })
  @ApiQuery({ name: 'pageSize', required: false, type: Number })
  list(@Query(new ZodPipe(AdminMoviesQuerySchema, 'query')) query: AdminMoviesQuery, @CorrelationId() correlationId: string) {
    return this.catalogue.adminMovies(query, correlationId);
  }
}
