import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import {
  AdminSeriesQuerySchema,
  EpisodeInputSchema,
  EpisodeUpdateSchema,
  Role,
  SeasonInputSchema,
  SeasonParamsSchema,
  SeasonUpdateSchema,
  SeriesInputSchema,
  SeriesUpdateSchema,
} from '@app/contracts';
import type {
  AdminSeriesQuery,
  EpisodeInput,
  EpisodeUpdate,
  SeasonInput,
  SeasonParams,
  SeasonUpdate,
  SeriesInput,
  SeriesUpdate,
} from '@app/contracts';
import { ZodPipe } from '@app/server-core';
import { Roles } from '../auth/auth.decorators';
import { SeriesClient } from './series.client';
import { EpisodeId, SeriesId } from './series.controller';

const SeasonPath = () => Param(new ZodPipe(SeasonParamsSchema, 'path'));

/** The admin's TV shows (issue 13): series, their seasons and episodes, drafts included. */
@Roles(Role.Admin)
@Controller('api/admin')
export class AdminSeriesController {
  constructor(private readonly series: SeriesClient) {}

  @Get('series')
  list(@Query(new ZodPipe(AdminSeriesQuerySchema, 'query')) query: AdminSeriesQuery) {
    return this.series.adminList(query);
  }

  @Post('series')
  create(@Body(new ZodPipe(SeriesInputSchema, 'series')) input: SeriesInput) {
    return this.series.create(input);
  }

  @Put('series/:id')
  update(@SeriesId() id: string, @Body(new ZodPipe(SeriesUpdateSchema, 'series')) changes: SeriesUpdate) {
    return this.series.update(id, changes);
  }

  @Post('series/:id/publish')
  @HttpCode(200)
  publish(@SeriesId() id: string) {
    return this.series.publish(id);
  }

  @Delete('series/:id')
  remove(@SeriesId() id: string) {
    return this.series.remove(id);
  }

  @Post('series/:id/seasons')
  addSeason(@SeriesId() id: string, @Body(new ZodPipe(SeasonInputSchema, 'season')) season: SeasonInput) {
    return this.series.addSeason(id, season);
  }

  @Put('series/:id/seasons/:season')
  updateSeason(
    @SeasonPath() { id, season }: SeasonParams,
    @Body(new ZodPipe(SeasonUpdateSchema, 'season')) changes: SeasonUpdate,
  ) {
    return this.series.updateSeason(id, season, changes);
  }

  @Delete('series/:id/seasons/:season')
  removeSeason(@SeasonPath() { id, season }: SeasonParams) {
    return this.series.removeSeason(id, season);
  }

  @Post('series/:id/seasons/:season/episodes')
  addEpisode(
    @SeasonPath() { id, season }: SeasonParams,
    @Body(new ZodPipe(EpisodeInputSchema, 'episode')) episode: EpisodeInput,
  ) {
    return this.series.addEpisode(id, season, episode);
  }

  @Put('episodes/:id')
  updateEpisode(
    @EpisodeId() id: string,
    @Body(new ZodPipe(EpisodeUpdateSchema, 'episode')) changes: EpisodeUpdate,
  ) {
    return this.series.updateEpisode(id, changes);
  }

  @Delete('episodes/:id')
  removeEpisode(@EpisodeId() id: string) {
    return this.series.removeEpisode(id);
  }
}
