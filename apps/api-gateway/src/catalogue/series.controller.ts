import { Controller, Get, Param, Query } from '@nestjs/common';
import { z } from 'zod';
import { GetEpisodePayloadSchema, ListSeriesQuerySchema, SeriesIdPayloadSchema } from '@app/contracts';
import type { ListSeriesQuery, SessionUser } from '@app/contracts';
import { Public, ZodPipe } from '@app/server-core';
import { CurrentUser } from '../auth/auth.decorators';
import { RateLimited } from '../rate-limit/rate-limits';
import { SeriesClient } from './series.client';

/** `{id}` of the series and episode paths, refused with the catalogue's own texts ('Invalid series ID'). */
export const SeriesPathSchema = SeriesIdPayloadSchema;
export const EpisodePathSchema = z.object({ id: GetEpisodePayloadSchema.shape.id }).strict();
export const SeriesId = () => Param('id', new ZodPipe(SeriesPathSchema.shape.id, 'series id'));
export const EpisodeId = () => Param('id', new ZodPipe(EpisodePathSchema.shape.id, 'episode id'));

/** TV shows (issue 13): the `/tv-shows` list, a series page, and what the player needs around an episode. */
@Public()
@Controller('api')
export class SeriesController {
  constructor(private readonly series: SeriesClient) {}

  @RateLimited('browse')
  @Get('series')
  list(@Query(new ZodPipe(ListSeriesQuerySchema, 'query')) query: ListSeriesQuery) {
    return this.series.list(query);
  }

  // Before `series/:id`, so this path is not read as an id.
  @Get('series/genres')
  genres() {
    return this.series.genres();
  }

  /** Admins also see drafts. */
  @Get('series/:id')
  get(@SeriesId() id: string, @CurrentUser() viewer: SessionUser | undefined) {
    return this.series.series(id, viewer);
  }

  @Get('episodes/:id')
  episode(@EpisodeId() id: string, @CurrentUser() viewer: SessionUser | undefined) {
    return this.series.episode(id, viewer);
  }
}
