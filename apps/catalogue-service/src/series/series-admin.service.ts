import { Injectable } from '@nestjs/common';
import {
  AdminSeriesQuery,
  Episode,
  EpisodeInput,
  EpisodeUpdate,
  ErrorCode,
  MovieStatus,
  Page,
  SeasonInput,
  SeasonUpdate,
  Series,
  SeriesDetail,
  SeriesInput,
  SeriesMessages,
  SeriesUpdate,
} from '@app/contracts';
import { AppError, AuditTrail, EventBus } from '@app/server-core';
import { episodeDeleted, seasonDeleted, seriesDeleted, seriesPublished } from '../audit/catalogue-audit';
import { MovieListCache } from '../movies/movie-list.cache';
import { editedFields, newTitle, TitleWrites, toDate } from '../titles/title-admin';
import { adminPage } from '../titles/title-lists';
import { EpisodeRecord } from './episode.schema';
import { EpisodesRepository, StoredEpisode } from './episodes.repository';
import {
  announceEpisodes,
  announceEpisodesDeleted,
  announceSeries,
  seriesUpdatedEvent,
} from './series-events';
import { toEpisode, toSeries, toSeriesDetail, toSeriesPage } from './series.mapper';
import { SeasonRecord, SeriesRecord } from './series.schema';
import { SeriesRepository, StoredSeries } from './series.repository';

const isPublished = (series: Pick<StoredSeries, 'status'>) => series.status === MovieStatus.Published;

/** The series form's fields as stored; only the keys present are set (an edit is partial). */
const seriesFields = ({ firstAirDate, ...changes }: SeriesUpdate): Partial<SeriesRecord> => ({
  ...editedFields(changes),
  ...(firstAirDate !== undefined ? { firstAirDate: toDate(firstAirDate) } : {}),
});

const seasonFields = (input: SeasonUpdate): Partial<Omit<SeasonRecord, 'number'>> => ({
  ...(input.title !== undefined ? { title: input.title } : {}),
  ...(input.overview !== undefined ? { overview: input.overview } : {}),
  ...(input.airDate !== undefined ? { airDate: toDate(input.airDate) } : {}),
});

const episodeFields = (input: EpisodeUpdate): Partial<EpisodeRecord> => {
  const { airDate, intro, ...rest } = input;
  return {
    ...rest,
    ...(airDate !== undefined ? { airDate: toDate(airDate) } : {}),
    ...(intro !== undefined ? { intro } : {}),
  };
};

/**
 * Admin management of series, seasons and episodes (the gateway lets only admins here). Every write that changes
 * what lists show invalidates them; what consumers keep (cards, the episode index, media) hears of it by event.
 */
@Injectable()
export class SeriesAdminService {
  private readonly writes: TitleWrites<SeriesRecord>;

  constructor(
    private readonly series: SeriesRepository,
    private readonly episodes: EpisodesRepository,
    private readonly listCache: MovieListCache,
    private readonly events: EventBus,
    private readonly audit: AuditTrail,
  ) {
    this.writes = new TitleWrites(series, SeriesMessages);
  }

  async list(query: AdminSeriesQuery): Promise<Page<Series>> {
    const result = await adminPage(this.series, query);
    return toSeriesPage(result, await this.episodes.countBySeries(result.data.map((series) => series._id)));
  }

  /**
   * A new series is a draft unless created published; access defaults from the rating, as for movies. An Add
   * sent again with its idempotency key (a double click, a retry) answers the series the first one made.
   */
  async create(input: SeriesInput): Promise<Series> {
    const status = input.status ?? MovieStatus.Draft;
    const sourceKey = input.idempotencyKey ? `admin:${input.idempotencyKey}` : undefined;
    const { title: series, created } = await this.writes.create(
      {
        ...newTitle(input, status),
        firstAirDate: toDate(input.firstAirDate),
        creators: input.creators ?? [],
        demo: false,
        seasons: [],
        // Absent without a key: the index is sparse.
        ...(sourceKey ? { sourceKey } : {}),
      },
      sourceKey,
    );
    if (!created) return toSeries(series, (await this.episodes.ofSeries(series._id)).length);
    await this.listCache.invalidate();
    if (isPublished(series)) {
      await announceSeries(this.events, series, []);
      await this.audit.record(seriesPublished(series, 0));
    }
    return toSeries(series, 0);
  }

  /**
   * Partial. A draft saved as published is published (date, events for it and its episodes), like Publish and as
   * conditionally (the same save sent twice publishes once); an edit of a series consumers know (published now
   * or before) is announced as `series.updated`.
   */
  async update(id: string, changes: SeriesUpdate): Promise<Series> {
    const { before, after: series, published } = await this.writes.save(id, seriesFields(changes), changes);
    await this.listCache.invalidate();
    const episodes = await this.episodes.ofSeries(series._id);
    if (published) await announceSeries(this.events, series, episodes);
    else if (isPublished(before) || isPublished(series))
      await this.events.publish('series.updated', seriesUpdatedEvent(series));
    if (published) await this.audit.record(seriesPublished(series, episodes.length));
    return toSeries(series, episodes.length);
  }

  /** Only drafts publish (conditional: once); the series and every episode in it are announced. */
  async publish(id: string): Promise<Series> {
    const series = await this.writes.publish(id);
    await this.listCache.invalidate();
    const episodes = await this.episodes.ofSeries(series._id);
    await announceSeries(this.events, series, episodes);
    await this.audit.record(seriesPublished(series, episodes.length));
    return toSeries(series, episodes.length);
  }

  /** The series, then its episodes (read after the series is gone, so none can be added meanwhile and missed). */
  async remove(id: string): Promise<{ id: string }> {
    const name = await this.writes.remove(id);
    const episodes = await this.episodes.ofSeries(id);
    await this.removeEpisodes(episodes);
    await this.listCache.invalidate();
    await this.events.publish('series.deleted', { seriesId: id });
    await this.audit.record(seriesDeleted(id, name, episodes.length));
    return { id };
  }

  async addSeason(seriesId: string, input: SeasonInput): Promise<SeriesDetail> {
    const series = await this.series.addSeason(seriesId, {
      number: input.number,
      title: input.title ?? `Season ${input.number}`,
      overview: input.overview ?? '',
      airDate: toDate(input.airDate),
    });
    if (!series) {
      await this.writes.findOrFail(seriesId);
      throw new AppError(ErrorCode.Conflict, SeriesMessages.seasonExists);
    }
    await this.listCache.invalidate();
    return this.detailOf(series);
  }

  async updateSeason(seriesId: string, seasonNumber: number, changes: SeasonUpdate): Promise<SeriesDetail> {
    const series = await this.series.updateSeason(seriesId, seasonNumber, seasonFields(changes));
    if (!series) {
      await this.writes.findOrFail(seriesId);
      throw AppError.notFound(SeriesMessages.seasonNotFound);
    }
    return this.detailOf(series);
  }

  /** The season and its episodes (each announced as deleted). */
  async removeSeason(seriesId: string, seasonNumber: number): Promise<SeriesDetail> {
    const series = await this.series.removeSeason(seriesId, seasonNumber);
    if (!series) {
      await this.writes.findOrFail(seriesId);
      throw AppError.notFound(SeriesMessages.seasonNotFound);
    }
    const episodes = await this.episodes.ofSeason(series._id, seasonNumber);
    await this.removeEpisodes(episodes);
    await this.listCache.invalidate();
    await this.audit.record(seasonDeleted(series, seasonNumber, episodes.length));
    return this.detailOf(series);
  }

  /** Into an existing season, under a number not used there (the unique index decides a race). */
  async addEpisode(seriesId: string, seasonNumber: number, input: EpisodeInput): Promise<Episode> {
    const series = await this.writes.findOrFail(seriesId);
    if (!series.seasons.some((season) => season.number === seasonNumber))
      throw AppError.notFound(SeriesMessages.seasonNotFound);
    const episode = await this.episodes.create({
      seriesId: series._id,
      seasonNumber,
      number: input.number,
      title: input.title,
      overview: input.overview ?? '',
      runtimeMinutes: input.runtimeMinutes ?? null,
      airDate: toDate(input.airDate),
      stillUrl: input.stillUrl ?? null,
      intro: input.intro ?? null,
      mediaReady: false,
      mediaDurationSeconds: null,
      mediaReadyAt: null,
    });
    if (!episode) throw new AppError(ErrorCode.Conflict, SeriesMessages.episodeExists);
    await this.listCache.invalidate();
    if (isPublished(series)) await announceEpisodes(this.events, series, [episode]);
    return toEpisode(episode);
  }

  async updateEpisode(id: string, changes: EpisodeUpdate): Promise<Episode> {
    const episode = await this.episodes.update(id, episodeFields(changes));
    if (episode === false) throw new AppError(ErrorCode.Conflict, SeriesMessages.episodeExists);
    if (!episode) throw AppError.notFound(SeriesMessages.episodeNotFound);
    const series = await this.series.findById(episode.seriesId);
    if (series && isPublished(series)) await announceEpisodes(this.events, series, [episode]);
    return toEpisode(episode);
  }

  async removeEpisode(id: string): Promise<{ id: string }> {
    const episode = await this.episodes.delete(id);
    if (!episode) throw AppError.notFound(SeriesMessages.episodeNotFound);
    await this.listCache.invalidate();
    await announceEpisodesDeleted(this.events, [episode]);
    await this.audit.record(episodeDeleted(episode));
    return { id };
  }

  private async removeEpisodes(episodes: StoredEpisode[]) {
    await this.episodes.deleteMany(episodes.map((episode) => episode._id));
    await announceEpisodesDeleted(this.events, episodes);
  }

  private async detailOf(series: StoredSeries): Promise<SeriesDetail> {
    return toSeriesDetail(series, await this.episodes.ofSeries(series._id));
  }
}
