import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, Types } from 'mongoose';
import type { Classification } from '@app/contracts';
import { UNKNOWN_TITLE } from './title.mapper';
import { TitleRecord } from './title.schema';
import { conditionalUpsert } from '@app/server-core';

export type StoredTitle = TitleRecord & { _id: Types.ObjectId };

/** A catalogue event's card fields; `posterUrl` and `rating` are optional on the wire and kept when absent. */
export type TitleWrite = {
  movieId: string;
  title: string;
  genre: string;
  posterUrl?: string;
  rating?: number | null;
  /** Absent on events from before classification: the stored class is kept. */
  classification?: Classification;
};

/** The card fields an event carries, to `$set`: an optional field the event lacks keeps the stored value. */
export const snapshotFields = ({ title, genre, posterUrl, rating }: TitleWrite) => ({
  title,
  genre,
  ...(posterUrl !== undefined ? { posterUrl } : {}),
  ...(rating !== undefined ? { rating } : {}),
});

/** The only code that touches the titles collection. */
@Injectable()
export class TitlesRepository {
  constructor(@InjectModel(TitleRecord.name) private readonly titles: Model<TitleRecord>) {}

  /** Applies a catalogue event's snapshot unless the record holds one from a later event; keeps `deleted`. */
  record(snapshot: TitleWrite, at: Date): Promise<boolean> {
    return conditionalUpsert(
      this.titles,
      { movieId: snapshot.movieId, changedAt: { $lte: at } },
      {
        $set: {
          ...snapshotFields(snapshot),
          ...(snapshot.classification !== undefined ? { classification: snapshot.classification } : {}),
          changedAt: at,
        },
        $setOnInsert: {
          deleted: false,
          ...(snapshot.classification === undefined ? { classification: null } : {}),
          ...(snapshot.posterUrl === undefined ? { posterUrl: '' } : {}),
          ...(snapshot.rating === undefined ? { rating: null } : {}),
        },
      },
    );
  }

  /** Marks the title deleted, remembering it even when no snapshot of it arrived before. */
  async markDeleted(movieId: string): Promise<void> {
    await conditionalUpsert(
      this.titles,
      { movieId },
      {
        $set: { deleted: true },
        $setOnInsert: { ...UNKNOWN_TITLE, changedAt: new Date(0) },
      },
    );
  }

  findByMovieIds(movieIds: string[]): Promise<StoredTitle[]> {
    if (movieIds.length === 0) return Promise.resolve([]);
    return this.titles
      .find({ movieId: { $in: movieIds } })
      .lean<StoredTitle[]>()
      .exec();
  }
}
