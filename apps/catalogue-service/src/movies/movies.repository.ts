import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import { MovieStatus, Page } from '@app/contracts';
import { MovieRecord } from './movie.schema';

export type StoredMovie = MovieRecord & { _id: Types.ObjectId };
export type NewMovie = MovieRecord & { _id: Types.ObjectId };

/** The only code that touches the movies collection. */
@Injectable()
export class MoviesRepository {
  constructor(@InjectModel(MovieRecord.name) private readonly movies: Model<MovieRecord>) {}

  async listPublished(page: number, pageSize: number): Promise<Page<StoredMovie>> {
    const filter = { status: MovieStatus.Published };
    const [data, total] = await Promise.all([
      this.movies
        .find(filter)
        .sort({ popularity: -1, _id: 1 })
        .skip((page - 1) * pageSize)
        .limit(pageSize)
        .lean<StoredMovie[]>()
        .exec(),
      this.movies.countDocuments(filter).exec(),
    ]);
    return { data, page, pageSize, total };
  }

  findById(id: string): Promise<StoredMovie | null> {
    return this.movies.findById(id).lean<StoredMovie>().exec();
  }

  /**
   * Inserts the titles that are not there yet (by `_id`); existing ones, possibly edited by admins, are
   * left alone. Returns the ids that were inserted.
   */
  async insertMissing(batch: NewMovie[]): Promise<Types.ObjectId[]> {
    if (batch.length === 0) return [];
    const result = await this.movies.bulkWrite(
      batch.map((movie) => ({
        updateOne: { filter: { _id: movie._id }, update: { $setOnInsert: movie }, upsert: true },
      })),
      { ordered: false },
    );
    return Object.values(result.upsertedIds) as Types.ObjectId[];
  }

  count(): Promise<number> {
    return this.movies.estimatedDocumentCount().exec();
  }
}
