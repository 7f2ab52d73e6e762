import { Injectable } from '@nestjs/common';
import type { Classification, EventPayload } from '@app/contracts';
import { Classification as Class, compareClassification, isWithinCeiling } from '@app/contracts';
import { FavoritesRepository } from '../favorites/favorites.repository';
import type { StoredTitle, TitleWrite } from './titles.repository';
import { TitlesRepository } from './titles.repository';

/** Keeps this service's snapshots of titles (the titles collection and the favorites' copies) in step with the catalogue. */
@Injectable()
export class TitlesService {
  constructor(
    private readonly titles: TitlesRepository,
    private readonly favorites: FavoritesRepository,
  ) {}

  /** `movie.published` / `movie.updated`: a newer snapshot; events older than what is stored change nothing. */
  async recordTitle(
    event: EventPayload<'movie.published'> | EventPayload<'movie.updated'>,
    occurredAt: Date,
  ): Promise<void> {
    await this.record(
      {
        movieId: event.movieId,
        title: event.title,
        genre: event.genre,
        posterUrl: event.posterUrl,
        rating: event.rating,
        classification: event.classification,
      },
      occurredAt,
    );
  }

  /**
   * `series.published` / `series.updated` (issue 13): a series is one title, keyed by the series id, which its
   * episodes' history and Continue Watching items take their title, poster and genre from (and My List its card).
   */
  async recordSeries(
    event: EventPayload<'series.published'> | EventPayload<'series.updated'>,
    occurredAt: Date,
  ): Promise<void> {
    await this.record(
      {
        movieId: event.seriesId,
        title: event.title,
        genre: event.genre,
        posterUrl: event.posterUrl,
        rating: event.rating,
        classification: event.classification,
      },
      occurredAt,
    );
  }

  /**
   * `movie.deleted` / `series.deleted`: the title leaves every favorites list and Continue Watching (a series with
   * all its episodes); history keeps its name.
   */
  async forgetTitle(movieId: string): Promise<void> {
    await this.titles.markDeleted(movieId);
    await this.favorites.removeTitle(movieId);
  }

  /** The known titles among `movieIds` (movie or series ids), by id: one query for a page of items. */
  async byMovieId(movieIds: string[]): Promise<Map<string, StoredTitle>> {
    const records = await this.titles.findByMovieIds([...new Set(movieIds)]);
    return new Map(records.map((record) => [record.movieId, record]));
  }

  /**
   * The titles among `titleIds` (movie or series ids) a profile with this ceiling may receive (DECISIONS 37), by
   * their class as this service knows it now (one query), so a title reclassified since it was listed moves in or
   * out at once. A title no event told of counts as unrated. Null when the ceiling admits every class (or there is
   * none): the caller filters nothing.
   */
  async allowedAmong(titleIds: string[], ceiling: Classification | null): Promise<Set<string> | null> {
    if (ceiling === null || compareClassification(ceiling, Class.A) >= 0) return null;
    const titles = await this.byMovieId(titleIds);
    return new Set(
      [...new Set(titleIds)].filter((id) => isWithinCeiling(titles.get(id)?.classification, ceiling)),
    );
  }

  private async record(snapshot: TitleWrite, occurredAt: Date): Promise<void> {
    await this.titles.record(snapshot, occurredAt);
    await this.favorites.refreshSnapshot(snapshot, occurredAt);
  }
}
