import { Body, Controller, Param, Query } from '@nestjs/common';
import { AdminSeriesRoutes } from '@app/contracts';
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
import { Endpoint } from '../routes/endpoint.decorator';
import { CatalogueClient } from './catalogue.client';

/** The admin's TV shows (issue 13): series, their seasons and episodes, drafts included. */
@Controller()
export class AdminSeriesController {
  constructor(private readonly catalogue: CatalogueClient) {}

  @Endpoint(AdminSeriesRoutes.list)
  list(@Query() query: AdminSeriesQuery) {
    return this.catalogue.adminSeries(query);
  }

  @Endpoint(AdminSeriesRoutes.create)
  create(@Body() input: SeriesInput) {
    return this.catalogue.createSeries(input);
  }

  @Endpoint(AdminSeriesRoutes.update)
  update(@Param('id') id: string, @Body() changes: SeriesUpdate) {
    return this.catalogue.updateSeries(id, changes);
  }

  @Endpoint(AdminSeriesRoutes.publish)
  publish(@Param('id') id: string) {
    return this.catalogue.publishSeries(id);
  }

  @Endpoint(AdminSeriesRoutes.remove)
  remove(@Param('id') id: string) {
    return this.catalogue.removeSeries(id);
  }

  @Endpoint(AdminSeriesRoutes.addSeason)
  addSeason(@Param('id') id: string, @Body() season: SeasonInput) {
    return this.catalogue.addSeason(id, season);
  }

  @Endpoint(AdminSeriesRoutes.updateSeason)
  updateSeason(@Param() { id, season }: SeasonParams, @Body() changes: SeasonUpdate) {
    return this.catalogue.updateSeason(id, season, changes);
  }

  @Endpoint(AdminSeriesRoutes.removeSeason)
  removeSeason(@Param() { id, season }: SeasonParams) {
    return this.catalogue.removeSeason(id, season);
  }

  @Endpoint(AdminSeriesRoutes.addEpisode)
  addEpisode(@Param() { id, season }: SeasonParams, @Body() episode: EpisodeInput) {
    return this.catalogue.addEpisode(id, season, episode);
  }

  @Endpoint(AdminSeriesRoutes.updateEpisode)
  updateEpisode(@Param('id') id: string, @Body() changes: EpisodeUpdate) {
    return this.catalogue.updateEpisode(id, changes);
  }

  @Endpoint(AdminSeriesRoutes.removeEpisode)
  removeEpisode(@Param('id') id: string) {
    return this.catalogue.removeEpisode(id);
  }
}
