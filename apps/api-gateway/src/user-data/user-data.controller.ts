import { Body, Controller, Param, Query } from '@nestjs/common';
import { UserDataRoutes } from '@app/contracts';
import type { AddFavoriteRequest, PageQuery, ViewerSettings } from '@app/contracts';
import { Endpoint } from '../routes/endpoint.decorator';
import { FavoritesService } from './favorites.service';
import { UserDataClient } from './user-data.client';

/**
 * A viewer's favorites (= My List), watch history, Continue Watching, analytics and settings (SPEC 7, issue 11).
 * Every path names the user: only that user's token or an admin's reaches it (DECISIONS 16).
 */
@Controller()
export class UserDataController {
  constructor(
    private readonly viewerData: UserDataClient,
    private readonly favoriteTitles: FavoritesService,
  ) {}

  @Endpoint(UserDataRoutes.favorites)
  favorites(@Param('id') id: string) {
    return this.viewerData.favorites(id);
  }

  @Endpoint(UserDataRoutes.addFavorite)
  addFavorite(@Param('id') id: string, @Body() { movieId }: AddFavoriteRequest) {
    return this.favoriteTitles.add(id, movieId);
  }

  @Endpoint(UserDataRoutes.removeFavorite)
  removeFavorite(@Param('id') id: string, @Param('movieId') movieId: string) {
    return this.viewerData.removeFavorite(id, movieId);
  }

  @Endpoint(UserDataRoutes.history)
  history(@Param('id') id: string, @Query() page: PageQuery) {
    return this.viewerData.history(id, page);
  }

  @Endpoint(UserDataRoutes.removeHistory)
  removeHistory(@Param('id') id: string, @Param('itemId') itemId: string) {
    return this.viewerData.removeHistory(id, itemId);
  }

  @Endpoint(UserDataRoutes.continueWatching)
  continueWatching(@Param('id') id: string) {
    return this.viewerData.continueWatching(id);
  }

  /** "Remove from row": the title leaves Continue Watching until it is played again; its position stays. */
  @Endpoint(UserDataRoutes.hideFromRow)
  hideFromRow(@Param('id') id: string, @Param('movieId') movieId: string) {
    return this.viewerData.hideFromRow(id, movieId);
  }

  /** TV shows (issue 13): the viewer's progress in each episode of the series they started. */
  @Endpoint(UserDataRoutes.seriesProgress)
  seriesProgress(@Param('id') id: string, @Param('seriesId') seriesId: string) {
    return this.viewerData.seriesProgress(id, seriesId);
  }

  @Endpoint(UserDataRoutes.analytics)
  analytics(@Param('id') id: string) {
    return this.viewerData.analytics(id);
  }

  @Endpoint(UserDataRoutes.settings)
  settings(@Param('id') id: string) {
    return this.viewerData.settings(id);
  }

  @Endpoint(UserDataRoutes.saveSettings)
  saveSettings(@Param('id') id: string, @Body() settings: ViewerSettings) {
    return this.viewerData.saveSettings(id, settings);
  }
}
