import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import {
  AddFavoriteRequestSchema,
  HistoryQuerySchema,
  UserHistoryItemParamsSchema,
  UserMovieParamsSchema,
  UserSeriesParamsSchema,
  ViewerSettingsSchema,
} from '@app/contracts';
import type {
  AddFavoriteRequest,
  PageQuery,
  UserHistoryItemParams,
  UserIdParams,
  UserMovieParams,
  UserSeriesParams,
  ViewerSettings,
} from '@app/contracts';
import { ZodPipe } from '@app/server-core';
import { OwnUser } from '../auth/own-user';
import { UserDataClient } from './user-data.client';

/**
 * A viewer's favorites (= My List), watch history, Continue Watching, analytics and settings (SPEC 7, issue 11).
 * Every path names the user: only that user's token or an admin's reaches it (DECISIONS 16).
 */
@Controller('api/users/:id')
export class ViewerDataController {
  constructor(private readonly viewerData: UserDataClient) {}

  @Get('favorites')
  favorites(@OwnUser({ allowAdmin: true }) { id }: UserIdParams) {
    return this.viewerData.favorites(id);
  }

  @Post('favorites')
  addFavorite(
    @OwnUser({ allowAdmin: true }) { id }: UserIdParams,
    @Body(new ZodPipe(AddFavoriteRequestSchema, 'body')) { movieId }: AddFavoriteRequest,
  ) {
    return this.viewerData.addFavorite(id, movieId);
  }

  @Delete('favorites/:movieId')
  @HttpCode(204)
  removeFavorite(
    @OwnUser({ allowAdmin: true, params: UserMovieParamsSchema }) { id, movieId }: UserMovieParams,
  ) {
    return this.viewerData.removeFavorite(id, movieId);
  }

  @Get('watch-history')
  history(
    @OwnUser({ allowAdmin: true }) { id }: UserIdParams,
    @Query(new ZodPipe(HistoryQuerySchema, 'query')) page: PageQuery,
  ) {
    return this.viewerData.history(id, page);
  }

  @Delete('watch-history/:itemId')
  @HttpCode(204)
  removeHistory(
    @OwnUser({ allowAdmin: true, params: UserHistoryItemParamsSchema }) { id, itemId }: UserHistoryItemParams,
  ) {
    return this.viewerData.removeHistory(id, itemId);
  }

  @Get('continue-watching')
  continueWatching(@OwnUser({ allowAdmin: true }) { id }: UserIdParams) {
    return this.viewerData.continueWatching(id);
  }

  /** "Remove from row": the title leaves Continue Watching until it is played again; its position stays. */
  @Delete('continue-watching/:movieId')
  @HttpCode(204)
  hideFromRow(
    @OwnUser({ allowAdmin: true, params: UserMovieParamsSchema }) { id, movieId }: UserMovieParams,
  ) {
    return this.viewerData.hideFromRow(id, movieId);
  }

  /** TV shows (issue 13): the viewer's progress in each episode of the series they started. */
  @Get('series/:seriesId/progress')
  seriesProgress(
    @OwnUser({ allowAdmin: true, params: UserSeriesParamsSchema }) { id, seriesId }: UserSeriesParams,
  ) {
    return this.viewerData.seriesProgress(id, seriesId);
  }

  @Get('analytics')
  analytics(@OwnUser({ allowAdmin: true }) { id }: UserIdParams) {
    return this.viewerData.analytics(id);
  }

  @Get('settings')
  settings(@OwnUser({ allowAdmin: true }) { id }: UserIdParams) {
    return this.viewerData.settings(id);
  }

  @Put('settings')
  saveSettings(
    @OwnUser({ allowAdmin: true }) { id }: UserIdParams,
    @Body(new ZodPipe(ViewerSettingsSchema, 'body')) settings: ViewerSettings,
  ) {
    return this.viewerData.saveSettings(id, settings);
  }
}
