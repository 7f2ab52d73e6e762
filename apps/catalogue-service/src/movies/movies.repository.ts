import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { MovieStatus } from '@app/contracts';
import type { StoredTitle } from '../titles/title.schema';
import type { MediaReadyChange } from '../data/record-writes';
import { markMediaReady } from '../data/record-writes';
import { TitleRepository } from '../titles/title.repository';
import { viewerClassCondition } from '../titles/viewer-classes';
import { MovieRecord } from './movie.schema';

/** A title as stored: read back, or built with its `_id` before insert (the seed). */
export type StoredMovie = StoredTitle<MovieRecord>;

/** The movies collection: what titles share, and what only films have (media, ratings' imdb ids, the seed's). */
@Injectable()
export class MoviesRepository extends TitleRepository<MovieRecord> {
  constructor(@InjectModel(MovieRecord.name) movies: Model<MovieRecord>) {
    super(movies, 'releaseDate');
  }

  /** Of these ids, the titles a viewer may receive (published, within the caller's ceiling). */
  findPublishedByIds(ids: string[]): Promise<StoredMovie[]> {
    return this.titles
      .find({
        _id: { $in: ids.map((id) => new Types.ObjectId(id)) },
        status: MovieStatus.Published,
        ...viewerClassCondition(),
      })
      .lean<StoredMovie[]>()
      .exec();
  }

  /** Titles become playable with their media's durations (ordered by `readyAt`, see `markMediaReady`); how many changed. */
  markMediaReady(changes: readonly MediaReadyChange[]): Promise<number> {
    return markMediaReady(this.titles, changes);
  }

  /** SPEC 5: a title match fills the imdb id, unless one was set meanwhile. */
  async fillImdbId(id: string, imdbId: string): Promise<void> {
    await this.titles.updateOne({ _id: id, imdbId: null }, { $set: { imdbId } }).exec();
  }

  /**
   * Of these ids, how many are published titles, and which of those have no playable media yet. Read by `_id` alone
   * and sorted out here: the embedded MongoDB-wire server scans the collection for any other filter, and the launcher
   * asks this every second while thousands of titles are being mapped.
   */
  async mediaProgress(ids: Types.ObjectId[]): Promise<{ titles: number; waiting: Types.ObjectId[] }> {
    if (ids.length === 0) return { titles: 0, waiting: [] };
    const found = await this.titles
      .find({ _id: { $in: ids } }, { status: 1, mediaReady: 1 })
      .lean<Array<Pick<StoredMovie, '_id' | 'status' | 'mediaReady'>>>()
      .exec();
    const published = found.filter(({ status }) => status === MovieStatus.Published);
    return {
      titles: published.length,
      waiting: published.filter((m) => !m.mediaReady).map(({ _id }) => _id),
    };
  }

  /** Of these ids, the published titles that have no playable media yet. */
  publishedWithoutMedia(ids: Types.ObjectId[]): Promise<StoredMovie[]> {
    return this.titles
      .find({ _id: { $in: ids }, status: MovieStatus.Published, mediaReady: { $ne: true } })
      .lean<StoredMovie[]>()
      .exec();
  }
}
