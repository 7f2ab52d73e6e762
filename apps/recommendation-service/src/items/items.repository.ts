import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';
import type { Classification, MovieAccess, MovieStatus } from '@app/contracts';
import { accessForRating } from '@app/contracts';
import type { ItemKind } from './item.schema';
import { ItemRecord } from './item.schema';
import { conditionalUpsert } from '@app/server-core';

/** A record as read; fields an older record may lack are optional (item.mapper.ts defaults them). */
export type StoredItem = Pick<ItemRecord, '_id' | 'title' | 'genre' | 'status'> &
  Partial<Omit<ItemRecord, '_id' | 'title' | 'genre' | 'status'>>;

/** A catalogue event's fields; the optional card fields are kept as stored when the event lacks them. */
export type ItemWrite = {
  movieId: string;
  kind: ItemKind;
  title: string;
  genre: string;
  status: MovieStatus;
  publishDate?: Date;
  posterUrl?: string;
  rating?: number | null;
  access?: MovieAccess;
  director?: string | null;
  cast?: string[];
  releaseYear?: number | null;
  classification?: Classification;
  availableUntil?: Date | null;
};

/** What an inserted record holds for a card field its first event lacked. */
const CARD_DEFAULTS = {
  posterUrl: '',
  rating: null,
  director: null,
  cast: [],
  releaseYear: null,
  publishDate: null,
  classification: null,
  availableUntil: null,
} as const;

/** The only code that touches the items collection. */
@Injectable()
export class ItemsRepository {
  constructor(@InjectModel(ItemRecord.name) private readonly items: Model<ItemRecord>) {}

  /**
   * Applies a catalogue event unless the record holds one that occurred later (records from before `changedAt`
   * existed count as older); keeps `deleted`. Returns whether it was applied.
   */
  record({ movieId, kind, title, genre, status, ...optional }: ItemWrite, at: Date): Promise<boolean> {
    const given = Object.fromEntries(Object.entries(optional).filter(([, value]) => value !== undefined));
    // An older event carries no access: the catalogue's own rule derives it from the rating.
    const missing = Object.fromEntries(
      Object.entries({ ...CARD_DEFAULTS, access: accessForRating(optional.rating ?? null) }).filter(
        ([field]) => !(field in given),
      ),
    );
    return conditionalUpsert(
      this.items,
      { _id: movieId, $or: [{ changedAt: null }, { changedAt: { $lte: at } }] },
      {
        $set: { kind, title, genre, status, ...given, changedAt: at },
        $setOnInsert: { deleted: false, ...missing },
      },
    );
  }

  /** Marks the title deleted for good, remembering it even when no other event of it arrived before. */
  async markDeleted(movieId: string, kind: ItemKind, at: Date): Promise<void> {
    await this.items
      .updateOne(
        { _id: movieId },
        {
          $set: { deleted: true },
          $setOnInsert: {
            kind,
            title: 'Unknown title',
            genre: 'Unknown',
            status: 'draft',
            ...CARD_DEFAULTS,
            changedAt: at,
          },
        },
        { upsert: true },
      )
      .exec();
  }

  findOne(movieId: string): Promise<StoredItem | null> {
    return this.items.findOne({ _id: movieId }).lean<StoredItem>().exec();
  }

  findAll(): Promise<StoredItem[]> {
    return this.items.find().sort({ _id: 1 }).lean<StoredItem[]>().exec();
  }
}
