import { Controller, Param, Query } from '@nestjs/common';
import { SeriesRoutes } from '@app/contracts';
import type { ListSeriesQuery, SessionUser } from '@app/contracts';
import { CurrentUser } from '../auth/auth.decorators';
import { Endpoint } from '../routes/endpoint.decorator';
import { CatalogueClient } from './catalogue.client';

/** TV shows (issue 13): the `/tv-shows` list, a series page, and what the player needs around an episode. */
@Controller()
export class SeriesController {
  constructor(private readonly catalogue: CatalogueClient) {}

  @Endpoint(SeriesRoutes.list)
  list(@Query() query: ListSeriesQuery) {
    return this.catalogue.listSeries(query);
  }

  // Before `series/:id`, so this path is not read as an id.
  @Endpoint(SeriesRoutes.genres)
  genres() {
    return this.catalogue.seriesGenres();
  }

  /** Admins also see drafts. */
  @Endpoint(SeriesRoutes.series)
  get(@Param('id') id: string, @CurrentUser() viewer: SessionUser | undefined) {
    return this.catalogue.series(id, viewer);
  }

  @Endpoint(SeriesRoutes.episode)
  episode(@Param('id') id: string, @CurrentUser() viewer: SessionUser | undefined) {
    return this.catalogue.episode(id, viewer);
  }
}
