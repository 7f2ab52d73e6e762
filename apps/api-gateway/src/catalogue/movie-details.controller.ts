import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { MovieDetailsRequestSchema } from '@app/contracts';
import type { MovieDetailsRequest } from '@app/contracts';
import { Public, ZodPipe } from '@app/server-core';
import { CatalogueClient } from './catalogue.client';

@Public()
@Controller('api/movie-details')
export class MovieDetailsController {
  constructor(private readonly catalogue: CatalogueClient) {}

  @Post()
  @HttpCode(200)
  details(@Body(new ZodPipe(MovieDetailsRequestSchema)) { movieIds }: MovieDetailsRequest) {
    return this.catalogue.details(movieIds);
  }
}
