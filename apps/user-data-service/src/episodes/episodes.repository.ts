import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { conditionalUpsert } from '@app/server-core';
import { EpisodeRecord } from './episode.schema';

export type StoredEpisode = EpisodeRecord & { _id: Types.ObjectId };

/** An `episode.published` as the index keeps it. */
export type EpisodeWrite = Pick<
  EpisodeRecord,
  'episodeId' | 'seriesId' | 'seasonNumber' | 'episodeNumber' | 'title' | 'runtimeMinutes'
>;

/** The only code that touches the episodes collection. */
@Injectable()
export class EpisodesRepository {
  constructor(@InjectModel(EpisodeRecord.name) private readonly episodes: Model<EpisodeRecord>) {}

  /** Applies the episode unless the record holds one from a later event; keeps `deleted`. */
  record(episode: EpisodeWrite, at: Date): Promise<boolean> {
    return conditionalUpsert(
      this.episodes,
      { episodeId: episode.episodeId, changedAt: { $lte: at } },
      { $set: { ...episode, changedAt: at }, $setOnInsert: { deleted: false } },
    );
  }

  /** Marks the episode deleted, remembering it even when no `episode.published` of it arrived before. */
  async markDeleted(episodeId: string, seriesId: string): Promise<void> {
    await conditionalUpsert(
      this.episodes,
      { episodeId },
      { $set: { deleted: true }, $setOnInsert: { seriesId, changedAt: new Date(0) } },
    );
  }

  findByEpisodeIds(episodeIds: string[]): Promise<StoredEpisode[]> {
    if (episodeIds.length === 0) return Promise.resolve([]);
    return this.episodes
      .find({ episodeId: { $in: episodeIds } })
      .lean<StoredEpisode[]>()
      .exec();
  }

  /** The episodes of these series that are not deleted, in no particular order. */
  findOfSeries(seriesIds: string[]): Promise<StoredEpisode[]> {
    if (seriesIds.length === 0) return Promise.resolve([]);
    return this.episodes
      .find({ seriesId: { $in: seriesIds }, deleted: false })
      .lean<StoredEpisode[]>()
      .exec();
  }
}
