import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';
import { EventPayload } from '@app/contracts';
import { ItemRecord } from './item.schema';

@Injectable()
export class ItemsRepository {
  constructor(@InjectModel(ItemRecord.name) private readonly items: Model<ItemRecord>) {}

  /** Upsert by movie id: replaying the same event cannot create a second item. */
  async recordPublished({ movieId, title, genre, publishDate }: EventPayload<'movie.published'>) {
    await this.items.updateOne(
      { _id: movieId },
      { $set: { title, genre, publishDate: new Date(publishDate) }, $inc: { publishEvents: 1 } },
      { upsert: true },
    );
  }

  findAll() {
    return this.items.find().sort({ _id: 1 }).lean<ItemRecord[]>().exec();
  }
}
