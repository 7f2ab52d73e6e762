import { Injectable } from '@nestjs/common';
import type { ViewerAnalytics } from '@app/contracts';
import { viewerOf } from '@app/server-core';
import { titleIdOf } from '../history/history.mapper';
import { HistoryRepository } from '../history/history.repository';
import { toTitleSnapshot } from '../titles/title.mapper';
import { TitlesService } from '../titles/titles.service';
import { viewerAnalytics } from './viewer-analytics';

/**
 * The profile's charts (DECISIONS 11, 36: of the request's profile): watch time by genre and Viewing Activity, from the viewer's history; an
 * episode's watch time counts under its series' genre (issue 13).
 */
@Injectable()
export class AnalyticsService {
  constructor(
    private readonly history: HistoryRepository,
    private readonly titles: TitlesService,
  ) {}

  async of(userId: string, now: Date = new Date()): Promise<ViewerAnalytics> {
    const records = await this.history.watchTimesOf(viewerOf(userId));
    const titles = await this.titles.byMovieId(records.map(titleIdOf));
    return viewerAnalytics(records, (titleId) => toTitleSnapshot(titles.get(titleId)).genre, now);
  }
}
