import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';
import type { ViewerKey } from '@app/server-core';
import { moveToDefaultProfile, unlessDuplicate, unorderedBulkWrite } from '@app/server-core';
import type { Interaction } from '../model';
import type { InteractionState } from './interaction-rules';
import { toInteractionRecord, toInteractionState, toModelInteraction } from './interaction.mapper';
import { INTERACTION_INDEXES_BEFORE_PROFILES, InteractionRecord } from './interaction.schema';

type ModelRow = Pick<InteractionRecord, 'profileId' | 'movieId' | 'strength' | 'at'>;

/** The only code that touches the interactions collection. */
@Injectable()
export class InteractionsRepository {
  constructor(@InjectModel(InteractionRecord.name) private readonly interactions: Model<InteractionRecord>) {}

  /** The first record of a profile and title; false when one exists already (the unique index refused it). */
  async insert(state: InteractionState): Promise<boolean> {
    // Memoised by mongoose: the unique index must exist before an insert relies on it.
    await this.interactions.init();
    const created = await unlessDuplicate(this.interactions.create(toInteractionRecord(state)), null);
    return created !== null;
  }

  /** One conditional update: applies only over `previousVersion`; false when the record moved on meanwhile. */
  async update(previousVersion: number, state: InteractionState): Promise<boolean> {
    const { userId, profileId, movieId, ...fields } = toInteractionRecord(state);
    const { matchedCount } = await this.interactions
      .updateOne({ userId, profileId, movieId, version: previousVersion }, { $set: fields })
      .exec();
    return matchedCount > 0;
  }

  /**
   * `insert` (no previous version) or `update` of many records in one bulk write; true when every one applied,
   * false when any met a record that moved on meanwhile (the others are written: each is a complete state).
   */
  async writeMany(
    writes: ReadonlyArray<{ previousVersion: number | null; state: InteractionState }>,
  ): Promise<boolean> {
    if (writes.length === 0) return true;
    await this.interactions.init();
    const { applied, refused } = await unorderedBulkWrite(
      this.interactions,
      writes.map(({ previousVersion, state }) => {
        const record = toInteractionRecord(state);
        if (previousVersion === null) return { insertOne: { document: record } };
        const { userId, profileId, movieId, ...fields } = record;
        return {
          updateOne: {
            filter: { userId, profileId, movieId, version: previousVersion },
            update: { $set: fields },
          },
        };
      }),
    );
    return refused.length === 0 && applied === writes.length;
  }

  async findOne({ userId, profileId }: ViewerKey, movieId: string): Promise<InteractionState | null> {
    const record = await this.interactions
      .findOne({ userId, profileId, movieId })
      .lean<InteractionRecord>()
      .exec();
    return record ? toInteractionState(record) : null;
  }

  /** The profiles of the account that have records (its default one, whose id is the account's, among them). */
  async profileIdsOf(userId: string): Promise<string[]> {
    const rows = await this.interactions
      .find({ userId }, { _id: 0, profileId: 1 })
      .lean<Array<Pick<InteractionRecord, 'profileId'>>>()
      .exec();
    return [...new Set(rows.map((row) => row.profileId))];
  }

  /** Every profile's records of the account; returns how many were removed. */
  async removeOfUser(userId: string): Promise<number> {
    const { deletedCount } = await this.interactions.deleteMany({ userId }).exec();
    return deletedCount;
  }

  /** One profile's records; returns how many were removed. */
  async removeOfProfile({ userId, profileId }: ViewerKey): Promise<number> {
    const { deletedCount } = await this.interactions.deleteMany({ userId, profileId }).exec();
    return deletedCount;
  }

  /** The profiles migration (server-core's default-profile.ts). */
  moveToDefaultProfile(): Promise<number> {
    return moveToDefaultProfile(this.interactions, INTERACTION_INDEXES_BEFORE_PROFILES);
  }

  /** Every row with a strength, in batches, through one cursor: what a model build learns from. */
  async *forModel(batchSize: number): AsyncGenerator<Interaction[]> {
    const cursor = this.interactions
      .find({ strength: { $gt: 0 } }, { _id: 0, profileId: 1, movieId: 1, strength: 1, at: 1 })
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
