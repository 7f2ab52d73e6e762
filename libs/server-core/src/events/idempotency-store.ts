import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { Connection, Schema } from 'mongoose';
import { unlessDuplicate } from '../database/duplicate-key';

export const PROCESSED_EVENTS_COLLECTION = 'processed_events';
const MODEL_NAME = 'ProcessedEvent';

type ProcessedEvent = { group: string; eventId: string; processedAt: Date };
export type ProcessedEventKey = Pick<ProcessedEvent, 'group' | 'eventId'>;

const ProcessedEventSchema = new Schema<ProcessedEvent>(
  {
    group: { type: String, required: true },
    eventId: { type: String, required: true },
    processedAt: { type: Date, required: true },
  },
  { versionKey: false, collection: PROCESSED_EVENTS_COLLECTION },
);
ProcessedEventSchema.index({ group: 1, eventId: 1 }, { unique: true });

// Same name and schema instance: mongoose returns the model already compiled on this connection.
const processedEventModel = (connection: Connection) => connection.model(MODEL_NAME, ProcessedEventSchema);

/** Which events a consumer group has already applied, in the service's own MongoDB (`processed_events`). */
@Injectable()
export class IdempotencyStore {
  private readonly model: ReturnType<typeof processedEventModel>;

  constructor(@InjectConnection() connection: Connection) {
    this.model = processedEventModel(connection);
  }

  /**
   * Runs `effect` unless this (group, event) is recorded, then records it; returns whether the effect ran.
   * No transaction ties the two writes together: a crash between effect and record re-applies the effect on
   * redelivery, so the effect must itself be idempotent by a natural key (upsert, unique index, conditional
   * update). Recording first would instead lose the effect on such a crash, which is worse than repeating it.
   */
  async processOnce(key: ProcessedEventKey, effect: () => Promise<void>): Promise<boolean> {
    // Memoised by mongoose: builds the unique index once, before the first record relies on it.
    await this.model.init();
    if (await this.model.exists({ group: key.group, eventId: key.eventId })) return false;
    await effect();
    // A duplicate: a consumer that claimed the same message concurrently recorded it first; our effect has run all the same.
    await unlessDuplicate(
      this.model.create({ group: key.group, eventId: key.eventId, processedAt: new Date() }),
      null,
    );
    return true;
  }
}
