import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { MovieStatus } from '@app/contracts';
import type { StoredTitle } from '../titles/title.schema';
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

  /** The title becomes playable with its media's duration (ordered by `readyAt`, see `markMediaReady`). */
  markMediaReady(id: string, durationSeconds: number | null, readyAt: Date): Promise<boolean> {
    return markMediaReady(this.titles, id, durationSeconds, readyAt);
  }

  /** SPEC 5: a title match fills the imdb id, unless one was set meanwhile. */
  async fillImdbId(id: string, imdbId: string): Promise<void> {
    await this.titles.updateOne({ _id: id, imdbId: null }, { $set: { imdbId } }).exec();
  }

  /** Of these ids, the published titles that have no playable media yet. */
  publishedWithoutMedia(ids: Types.ObjectId[]): Promise<StoredMovie[]> {
    return this.titles
      .find({ _id: { $in: ids }, status: MovieStatus.Published, mediaReady: { $ne: true } })
      .lean<StoredMovie[]>()
      .exec();
  }
}
