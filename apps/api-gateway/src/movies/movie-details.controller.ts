import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { MovieDetailsRequestSchema } from '@app/contracts';
import type { MovieDetailsRequest } from '@app/contracts';
import { CorrelationId, Public, ZodPipe } from '@app/server-core';
import { CatalogueClient } from './catalogue.client';

@Public()
@ApiTags('movies')
@Controller('api/movie-details')
export class MovieDetailsController {
  constructor(private readonly catalogue: CatalogueClient) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'Published titles by id (≤ 50), in the order asked; unknown ids skipped' })
  details(@Body(new ZodPipe(MovieDetailsRequestSchema)) { movieIds }: MovieDetailsRequest, @CorrelationId() correlationId: string) {
    return this.catalogue.details(movieIds, correlationId);
  }
}
