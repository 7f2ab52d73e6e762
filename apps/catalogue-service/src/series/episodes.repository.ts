import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { unlessDuplicate } from '@app/server-core';
import type { MediaReadyChange } from '../data/record-writes';
import { insertMissing, markMediaReady } from '../data/record-writes';
import { EpisodeRecord } from './episode.schema';

/** An episode as stored: read back, or built with its `_id` before insert (the seed). */
export type StoredEpisode = EpisodeRecord & { _id: Types.ObjectId };

/** Source fields an import refreshes; the admin's (intro markers) and streaming's (media) are set on insert only. */
export type ImportedEpisode = {
  seasonNumber: number;
  number: number;
  refresh: Partial<EpisodeRecord>;
};

const PLAY_ORDER = { seasonNumber: 1, number: 1 } as const;
const oid = (id: string | Types.ObjectId) => (typeof id === 'string' ? new Types.ObjectId(id) : id);

/** The only code that touches the episodes collection. */
@Injectable()
export class EpisodesRepository {
  constructor(@InjectModel(EpisodeRecord.name) private readonly episodes: Model<EpisodeRecord>) {}

  findById(id: string): Promise<StoredEpisode | null> {
    return this.episodes.findById(id).lean<StoredEpisode>().exec();
  }

  /** A series' episodes in play order. */
  ofSeries(seriesId: string | Types.ObjectId): Promise<StoredEpisode[]> {
    return this.episodes
      .find({ seriesId: oid(seriesId) })
      .sort(PLAY_ORDER)
      .lean<StoredEpisode[]>()
      .exec();
  }

  ofSeason(seriesId: string | Types.ObjectId, seasonNumber: number): Promise<StoredEpisode[]> {
    return this.episodes
      .find({ seriesId: oid(seriesId), seasonNumber })
      .sort({ number: 1 })
      .lean<StoredEpisode[]>()
      .exec();
  }

  /** How many episodes each of these series has (series without any are absent). */
  async countBySeries(seriesIds: Types.ObjectId[]): Promise<Map<string, number>> {
    if (seriesIds.length === 0) return new Map();
    const counts = await this.episodes
      .aggregate<{ _id: Types.ObjectId; count: number }>([
        { $match: { seriesId: { $in: seriesIds } } },
        { $group: { _id: '$seriesId', count: { $sum: 1 } } },
      ])
      .exec();
    return new Map(counts.map(({ _id, count }) => [_id.toHexString(), count]));
  }

  /** Null when the season already has an episode of that number (the unique index). */
  async create(episode: EpisodeRecord): Promise<StoredEpisode | null> {
    const created = await unlessDuplicate(this.episodes.create(episode), null);
    return created ? created.toObject<StoredEpisode>() : null;
  }

  /** Null when there is no such episode; false when its new number is taken in its season (the unique index). */
  update(id: string, changes: Partial<EpisodeRecord>): Promise<StoredEpisode | null | false> {
    return unlessDuplicate(
      this.episodes
        .findByIdAndUpdate(id, { $set: changes }, { returnDocument: 'after' })
        .lean<StoredEpisode>()
        .exec(),
      false as const,
    );
  }

  /** Releases a scheduled episode (conditional on its time: once); false when it is not scheduled for `at`. */
  async release(id: string, at: Date): Promise<boolean> {
    const { modifiedCount } = await this.episodes
      .updateOne({ _id: oid(id), publishAt: at }, { $set: { publishAt: null } })
      .exec();
    return modifiedCount === 1;
  }

  /** Episodes still waiting for their publish time (the scheduler's sweep). */
  scheduled(): Promise<Array<Pick<StoredEpisode, '_id' | 'publishAt'>>> {
    return this.episodes
      .find({ publishAt: { $ne: null } }, { publishAt: 1 })
      .lean<Array<Pick<StoredEpisode, '_id' | 'publishAt'>>>()
      .exec();
  }

  /** The removed episode, or null when there was none. */
  delete(id: string): Promise<StoredEpisode | null> {
    return this.episodes.findByIdAndDelete(id).lean<StoredEpisode>().exec();
  }

  /** Removes these episodes (the ones a season or series removal listed); returns how many went. */
  async deleteMany(ids: Types.ObjectId[]): Promise<number> {
    if (ids.length === 0) return 0;
    const { deletedCount } = await this.episodes.deleteMany({ _id: { $in: ids } }).exec();
    return deletedCount;
  }

  /** Episodes become playable with their media's durations (ordered by `readyAt`, as films); how many changed. */
  markMediaReady(changes: readonly MediaReadyChange[]): Promise<number> {
    return markMediaReady(this.episodes, changes);
  }

  /** The series of these episode ids, each with the ids that are its episodes (ids of no episode are left out). */
  async seriesOf(ids: readonly string[]): Promise<Array<{ seriesId: Types.ObjectId; ids: string[] }>> {
    if (ids.length === 0) return [];
    const found = await this.episodes
      .find({ _id: { $in: [...ids] } }, { seriesId: 1 })
      .lean<Array<Pick<StoredEpisode, '_id' | 'seriesId'>>>()
      .exec();
    const bySeries = new Map<string, { seriesId: Types.ObjectId; ids: string[] }>();
    for (const { _id, seriesId } of found) {
      const entry = bySeries.get(seriesId.toHexString()) ?? { seriesId, ids: [] };
      entry.ids.push(_id.toHexString());
      bySeries.set(seriesId.toHexString(), entry);
    }
    return [...bySeries.values()];
  }

  /** Inserts the episodes not there yet (by `_id`); returns the ids inserted. */
  insertMissing(batch: StoredEpisode[]): Promise<Types.ObjectId[]> {
    return insertMissing(this.episodes, batch);
  }

  /** Of these ids, how many episodes exist, and which of those have no playable media yet (as for films). */
  async mediaProgress(ids: Types.ObjectId[]): Promise<{ titles: number; waiting: Types.ObjectId[] }> {
    if (ids.length === 0) return { titles: 0, waiting: [] };
    const found = await this.episodes
      .find({ _id: { $in: ids } }, { mediaReady: 1 })
      .lean<Array<Pick<StoredEpisode, '_id' | 'mediaReady'>>>()
      .exec();
    return { titles: found.length, waiting: found.filter((e) => !e.mediaReady).map(({ _id }) => _id) };
  }

  /** Of these ids, the episodes that have no playable media yet. */
  withoutMedia(ids: Types.ObjectId[]): Promise<StoredEpisode[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.episodes
      .find({ _id: { $in: ids }, mediaReady: { $ne: true } })
      .sort(PLAY_ORDER)
      .lean<StoredEpisode[]>()
      .exec();
  }

  /**
   * Upserts on the unique key (series, season, number): idempotent, so a second import adds nothing. Returns the
   * ids of the episodes this call inserted.
   */
  async upsertImported(seriesId: Types.ObjectId, batch: ImportedEpisode[]): Promise<Types.ObjectId[]> {
    if (batch.length === 0) return [];
    const result = await this.episodes.bulkWrite(
      batch.map(({ seasonNumber, number, refresh }) => ({
        updateOne: {
          filter: { seriesId, seasonNumber, number },
          update: {
            $set: refresh,
            // The key's fields come from the filter.
            $setOnInsert: {
              intro: null,
              mediaReady: false,
              mediaDurationSeconds: null,
              mediaReadyAt: null,
            },
          },
          upsert: true,
        },
      })),
      { ordered: false },
    );
    return Object.values(result.upsertedIds) as Types.ObjectId[];
  }

  count(): Promise<number> {
    return this.episodes.estimatedDocumentCount().exec();
  }
}
