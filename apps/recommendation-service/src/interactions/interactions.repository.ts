import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';
import { unlessDuplicate } from '@app/server-core';
import type { Interaction } from '../model';
import type { InteractionState } from './interaction-rules';
import { toInteractionRecord, toInteractionState, toModelInteraction } from './interaction.mapper';
import { InteractionRecord } from './interaction.schema';

type ModelRow = Pick<InteractionRecord, 'userId' | 'movieId' | 'strength' | 'at'>;

/** The only code that touches the interactions collection. */
@Injectable()
export class InteractionsRepository {
  constructor(@InjectModel(InteractionRecord.name) private readonly interactions: Model<InteractionRecord>) {}

  /** The first record of a viewer and title; false when one exists already (the unique index refused it). */
  async insert(state: InteractionState): Promise<boolean> {
    // Memoised by mongoose: the unique index must exist before an insert relies on it.
    await this.interactions.init();
    const created = await unlessDuplicate(this.interactions.create(toInteractionRecord(state)), null);
    return created !== null;
  }

  /** One conditional update: applies only over `previousVersion`; false when the record moved on meanwhile. */
  async update(previousVersion: number, state: InteractionState): Promise<boolean> {
    const { userId, movieId, ...fields } = toInteractionRecord(state);
    const { matchedCount } = await this.interactions
      .updateOne({ userId, movieId, version: previousVersion }, { $set: fields })
      .exec();
    return matchedCount > 0;
  }

  async findOne(userId: string, movieId: string): Promise<InteractionState | null> {
    const record = await this.interactions.findOne({ userId, movieId }).lean<InteractionRecord>().exec();
    return record ? toInteractionState(record) : null;
  }

  /** Returns how many records were removed. */
  async removeOfUser(userId: string): Promise<number> {
    const { deletedCount } = await this.interactions.deleteMany({ userId }).exec();
    return deletedCount;
  }

  /** Every row with a strength, in batches, through one cursor: what a model build learns from. */
  async *forModel(batchSize: number): AsyncGenerator<Interaction[]> {
    const cursor = this.interactions
      .find({ strength: { $gt: 0 } }, { _id: 0, userId: 1, movieId: 1, strength: 1, at: 1 })
      .batchSize(batchSize)
      .lean<ModelRow>()
      .cursor();
    let batch: Interaction[] = [];
    try {
      for await (const row of cursor) {
        batch.push(toModelInteraction(row as ModelRow));
        if (batch.length >= batchSize) {
          yield batch;
          batch = [];
        }
      }
      if (batch.length > 0) yield batch;
    } finally {
      await cursor.close();
    }
  }
}
