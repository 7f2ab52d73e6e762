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
import { type Announcement, AppError, AuditTrail, Outbox } from '@app/server-core';
import { Types } from 'mongoose';
import { episodeDeleted, seasonDeleted, seriesDeleted, seriesPublished } from '../audit/catalogue-audit';
import { MovieListCache } from '../movies/movie-list.cache';
import { ScheduleQueue } from '../schedule/schedule.queue';
import { editedFields, newTitle, TitleWrites, toDate } from '../titles/title-admin';
import { assertSchedule, scheduleFields } from '../titles/title-schedule';
import { adminPage } from '../titles/title-lists';
import { EpisodeRecord } from './episode.schema';
import { EpisodesRepository, StoredEpisode } from './episodes.repository';
import {
  episodeDeletedEvent,
  episodePublishedEvent,
  seriesPublishedEvent,
  seriesUpdatedEvent,
} from './series-events';
import { toEpisode, toSeries, toSeriesDetail, toSeriesPage } from './series.mapper';
import { SeasonRecord, SeriesRecord } from './series.schema';
import { SeriesRepository, StoredSeries } from './series.repository';

const isPublished = (series: Pick<StoredSeries, 'status'>) => series.status === MovieStatus.Published;
const isDraft = (series: Pick<StoredSeries, 'status'>) => series.status === MovieStatus.Draft;

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
  const { airDate, intro, publishAt, ...rest } = input;
  return {
    ...rest,
    ...(airDate !== undefined ? { airDate: toDate(airDate) } : {}),
    ...(intro !== undefined ? { intro } : {}),
    ...scheduleFields({ publishAt }),
  };
};

/**
 * Issue 28: an episode may be scheduled while it is not out yet: being added, already scheduled, or in a draft
 * series. A released episode of a published series is not taken back by a publish time.
 */
const assertEpisodeSchedule = (
  current: Pick<StoredEpisode, 'publishAt'> | null,
  series: Pick<StoredSeries, 'status'> | null,
  { publishAt }: { publishAt?: string | null },
) => {
  const unreleased = current === null || Boolean(current.publishAt) || !series || isDraft(series);
  assertSchedule(null, { publishAt, status: unreleased ? MovieStatus.Draft : MovieStatus.Published });
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
    private readonly outbox: Outbox,
    private readonly audit: AuditTrail,
    private readonly schedule: ScheduleQueue,
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
    assertSchedule(null, { ...input, status });
    const sourceKey = input.idempotencyKey ? `admin:${input.idempotencyKey}` : undefined;
    // Its id is chosen first: the event, stored before the series, names it.
    const record = {
      ...newTitle(input, status),
      _id: new Types.ObjectId(),
      firstAirDate: toDate(input.firstAirDate),
      creators: input.creators ?? [],
      demo: false,
      seasons: [],
      // Absent without a key: the index is sparse.
      ...(sourceKey ? { sourceKey } : {}),
    };
    const { title: series, created } = await this.announceAny(
      isPublished(record)
        ? [seriesAnnouncement(record, true, ({ title }: { title: StoredSeries }) => title)]
        : [],
      async () => {
        const made = await this.writes.create(record, sourceKey);
        if (made.created) await this.listCache.invalidate();
        return made;
      },
      (made) => made.created,
    );
    if (!created) return toSeries(series, (await this.episodes.ofSeries(series._id)).length);
    if (isPublished(series)) await this.audit.record(seriesPublished(series, 0));
    await this.schedule.plan('series', series);
    return toSeries(series, 0);
  }

  /**
   * Partial. A draft saved as published is published (date, events for it and its episodes), like Publish and as
   * conditionally (the same save sent twice publishes once); an edit of a series consumers know (published now
   * or before) is announced as `series.updated`.
   */
  async update(id: string, changes: SeriesUpdate): Promise<Series> {
    const current = await this.writes.findOrFail(id);
    assertSchedule(current, changes);
    const plan = this.writes.plan(current, seriesFields(changes), changes);
    const expected = {
      ...current,
      ...plan.fields,
      ...(plan.publishing ? { status: MovieStatus.Published, publishDate: plan.publishDate } : {}),
    };
    const episodes = plan.publishing ? await this.episodes.ofSeries(current._id) : [];
    const after = (saved: { after: StoredSeries }) => saved.after;
    const announced =
      plan.publishing || isPublished(current) || isPublished(expected)
        ? [seriesAnnouncement(expected, plan.publishing, after), ...episodesAnnounced(episodes, expected)]
        : [];
    const { after: series, published } = await this.announceAny(
      announced,
      async () => {
        const saved = await this.writes.apply(current, plan);
        await this.listCache.invalidate();
        return saved;
      },
      // Not published by this save: a save racing it published the draft, and announced that.
      (saved) => saved.published === plan.publishing,
    );
    // This save's fields landed after that announcement: the series as stored now is news.
    if (plan.publishing && !published)
      await this.outbox.announce(
        seriesAnnouncement(series, false, () => series),
        async () => series,
      );
    const count = published ? episodes.length : (await this.episodes.ofSeries(series._id)).length;
    if (published) await this.audit.record(seriesPublished(series, count));
    await this.schedule.plan('series', series);
    return toSeries(series, count);
  }

  /** Only drafts publish (conditional: once); the series and every released episode in it are announced. */
  async publish(id: string): Promise<Series> {
    const draft = await this.writes.findOrFail(id);
    if (!isDraft(draft)) throw new AppError(ErrorCode.Conflict, SeriesMessages.onlyDraftsPublish);
    const published = await this.publishDraft(draft, (date) => this.writes.publish(id, date));
    if (!published) throw new AppError(ErrorCode.Conflict, SeriesMessages.onlyDraftsPublish);
    return toSeries(published.series, published.episodes);
  }

  /** A scheduled publish falling due (issue 28), as for movies: only a draft still scheduled for `at`. */
  async publishScheduled(id: string, at: Date): Promise<boolean> {
    const draft = await this.series.findById(id);
    if (!draft || !isDraft(draft) || draft.publishAt?.getTime() !== at.getTime()) return false;
    return (await this.publishDraft(draft, (date) => this.series.publishDraft(id, date, at))) !== null;
  }

  /** A licence end falling due (issue 28), as for movies: lists drop it now, consumers hear `series.updated`. */
  async expire(id: string, at: Date): Promise<boolean> {
    const series = await this.series.findById(id);
    if (series?.availableUntil?.getTime() !== at.getTime()) return false;
    await this.listCache.invalidate();
    if (isPublished(series))
      await this.outbox.announce(
        seriesAnnouncement(series, false, () => series),
        async () => series,
      );
    return true;
  }

  /**
   * A scheduled episode falling due (issue 28): it is released (its publish time cleared, conditionally: once) and,
   * in a published series, announced as `episode.published` like an episode added to it.
   */
  async releaseEpisode(id: string, at: Date): Promise<boolean> {
    const episode = await this.episodes.findById(id);
    if (episode?.publishAt?.getTime() !== at.getTime()) return false;
    const series = await this.series.findById(episode.seriesId);
    const released = { ...episode, publishAt: null };
    const done = await this.announceAny(
      series && isPublished(series)
        ? [{ type: 'episode.published', payload: episodePublishedEvent(released, series) }]
        : [],
      async () => {
        const made = await this.episodes.release(id, at);
        if (made) await this.listCache.invalidate();
        return made;
      },
      Boolean,
    );
    return done;
  }

  /** Publishes `draft` by `publish` (conditional: null when it was no longer a draft) with its released episodes. */
  private async publishDraft(
    draft: StoredSeries,
    publish: (publishDate: Date) => Promise<StoredSeries | null>,
  ): Promise<{ series: StoredSeries; episodes: number } | null> {
    const publishDate = new Date();
    const expected = { ...draft, status: MovieStatus.Published, publishDate, publishAt: null };
    const episodes = await this.episodes.ofSeries(draft._id);
    const series = await this.outbox.announce(
      [
        seriesAnnouncement(expected, true, (published: StoredSeries | null) => published ?? expected),
        ...episodesAnnounced(episodes, expected),
      ],
      async () => {
        const published = await publish(publishDate);
        if (published) await this.listCache.invalidate();
        return published;
      },
      (published) => published !== null,
    );
    if (!series) return null;
    await this.audit.record(seriesPublished(series, episodes.length));
    return { series, episodes: episodes.length };
  }

  /**
   * The series and its episodes, announced as deleted (each episode, then the series); an episode added while it
   * went (read again after) goes the same way.
   */
  async remove(id: string): Promise<{ id: string }> {
    const episodes = await this.episodes.ofSeries(id);
    const name = await this.outbox.announce(
      [...episodesDeleted(episodes), { type: 'series.deleted', payload: { seriesId: id } }],
      async () => {
        const removed = await this.writes.remove(id);
        await this.episodes.deleteMany(episodes.map((episode) => episode._id));
        await this.listCache.invalidate();
        return removed;
      },
    );
    const listed = new Set(episodes.map((episode) => episode._id.toHexString()));
    const late = (await this.episodes.ofSeries(id)).filter(
      (episode) => !listed.has(episode._id.toHexString()),
    );
    await this.removeEpisodes(late);
    await this.audit.record(seriesDeleted(id, name, episodes.length + late.length));
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
    assertEpisodeSchedule(null, series, input);
    // Its id is chosen first: the event, stored before the episode, names it.
    const record = {
      _id: new Types.ObjectId(),
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
      publishAt: scheduleFields(input).publishAt ?? null,
    };
    const episode = await this.announceAny(
      isPublished(series) ? episodesAnnounced([record], series) : [],
      async () => {
        const created = await this.episodes.create(record);
        if (created) await this.listCache.invalidate();
        return created;
      },
      (created) => created !== null,
    );
    if (!episode) throw new AppError(ErrorCode.Conflict, SeriesMessages.episodeExists);
    await this.schedule.plan('episode', episode);
    return toEpisode(episode);
  }

  async updateEpisode(id: string, changes: EpisodeUpdate): Promise<Episode> {
    const current = await this.episodes.findById(id);
    if (!current) throw AppError.notFound(SeriesMessages.episodeNotFound);
    const series = await this.series.findById(current.seriesId);
    assertEpisodeSchedule(current, series, changes);
    const fields = episodeFields(changes);
    // Still scheduled after this edit: it is announced when released.
    const scheduled = Boolean(fields.publishAt !== undefined ? fields.publishAt : current.publishAt);
    const episode = await this.announceAny(
      series && isPublished(series) && !scheduled
        ? [
            {
              type: 'episode.published',
              payload: episodePublishedEvent({ ...current, ...fields }, series),
              stored: (updated: StoredEpisode | null | false) =>
                episodePublishedEvent(updated || { ...current, ...fields }, series),
            },
          ]
        : [],
      () => this.episodes.update(id, fields),
      Boolean,
    );
    if (episode === false) throw new AppError(ErrorCode.Conflict, SeriesMessages.episodeExists);
    if (!episode) throw AppError.notFound(SeriesMessages.episodeNotFound);
    if (fields.publishAt !== undefined) await this.listCache.invalidate();
    await this.schedule.plan('episode', episode);
    return toEpisode(episode);
  }

  async removeEpisode(id: string): Promise<{ id: string }> {
    const current = await this.episodes.findById(id);
    if (!current) throw AppError.notFound(SeriesMessages.episodeNotFound);
    const episode = await this.outbox.announce(
      episodesDeleted([current]),
      async () => {
        const removed = await this.episodes.delete(id);
        if (removed) await this.listCache.invalidate();
        return removed;
      },
      // Null: a removal racing this one took it first, and announces it.
      (removed) => removed !== null,
    );
    if (!episode) throw AppError.notFound(SeriesMessages.episodeNotFound);
    await this.audit.record(episodeDeleted(episode));
    return { id };
  }

  /** These episodes go, each announced as deleted. */
  private async removeEpisodes(episodes: StoredEpisode[]) {
    if (episodes.length === 0) return;
    await this.outbox.announce(episodesDeleted(episodes), () =>
      this.episodes.deleteMany(episodes.map((episode) => episode._id)),
    );
  }

  /** `outbox.announce`, or just the change when it announces nothing (a draft's). */
  private announceAny<R>(
    events: readonly Announcement<NoInfer<R>>[],
    change: () => Promise<R>,
    made?: (result: R) => boolean,
  ): Promise<R> {
    return events.length > 0 ? this.outbox.announce(events, change, made) : change();
  }

  private async detailOf(series: StoredSeries): Promise<SeriesDetail> {
    return toSeriesDetail(series, await this.episodes.ofSeries(series._id));
  }
}

type AnnouncedSeries = Parameters<typeof seriesPublishedEvent>[0] & Parameters<typeof seriesUpdatedEvent>[0];

/**
 * What a write of `series` announces of it: `series.published` when it publishes it, else `series.updated`; stored
 * as the write is expected to leave it, then announced as it did (`storedOf` its result).
 */
const seriesAnnouncement = <R>(
  series: AnnouncedSeries,
  publishes: boolean,
  storedOf: (result: R) => StoredSeries,
): Announcement<R> =>
  publishes
    ? {
        type: 'series.published',
        payload: seriesPublishedEvent(series),
        stored: (result) => seriesPublishedEvent(storedOf(result)),
      }
    : {
        type: 'series.updated',
        payload: seriesUpdatedEvent(series),
        stored: (result) => seriesUpdatedEvent(storedOf(result)),
      };

/**
 * `episode.published` of each released episode, in the order given (play order where it matters); a scheduled one
 * is announced by its own job when it is released (issue 28).
 */
const episodesAnnounced = (
  episodes: readonly (Parameters<typeof episodePublishedEvent>[0] & { publishAt?: Date | null })[],
  series: Pick<StoredSeries, 'demo'>,
): Announcement[] =>
  episodes
    .filter((episode) => !episode.publishAt)
    .map((episode) => ({ type: 'episode.published', payload: episodePublishedEvent(episode, series) }));

/** `episode.deleted` of each episode; the series' own `series.deleted` is its caller's to announce. */
const episodesDeleted = (episodes: readonly Pick<StoredEpisode, '_id' | 'seriesId'>[]): Announcement[] =>
  episodes.map((episode) => ({ type: 'episode.deleted', payload: episodeDeletedEvent(episode) }));
