import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { Connection, Schema } from 'mongoose';
import type { EventType } from '@app/contracts';

export const OUTBOX_COLLECTION = 'outbox';
const MODEL_NAME = 'OutboxEntry';

export const OutboxState = {
  /** Stored before its change: whether the change was made is not known yet. */
  Pending: 'pending',
  /** The change is made: the event is to be published. */
  Ready: 'ready',
} as const;
export type OutboxState = (typeof OutboxState)[keyof typeof OutboxState];

/** One event to announce; removed once it is on the stream. */
export type OutboxEntry = {
  /** The envelope id the event is published under, however often. */
  _id: string;
  type: EventType;
  payload: unknown;
  occurredAt: Date;
  correlationId?: string;
  state: OutboxState;
  /** Until then the entry belongs to whoever took it (the request making its change, a relay publishing it). */
  claimedUntil: Date;
  createdAt: Date;
  /** Its place among the events of one change, which are published in that order. */
  seq: number;
};

const OutboxEntrySchema = new Schema<OutboxEntry>(
  {
    _id: { type: String, required: true },
    type: { type: String, required: true },
    payload: { type: Schema.Types.Mixed, required: true },
    occurredAt: { type: Date, required: true },
    correlationId: { type: String },
    state: { type: String, required: true, enum: Object.values(OutboxState) },
    claimedUntil: { type: Date, required: true },
    createdAt: { type: Date, required: true },
    seq: { type: Number, required: true },
  },
  { versionKey: false, collection: OUTBOX_COLLECTION, minimize: false },
);
OutboxEntrySchema.index({ claimedUntil: 1 });

// Same name and schema instance: mongoose returns the model already compiled on this connection.
const outboxModel = (connection: Connection) => connection.model(MODEL_NAME, OutboxEntrySchema);

/** The seam Outbox's rules are tested at (outbox-memory.ts). */
export type OutboxStore = Pick<
  OutboxRepository,
  'insert' | 'markReady' | 'claimNext' | 'release' | 'remove' | 'dropPending' | 'count'
>;

/** The only code that touches the `outbox` collection, in the service's own database. */
@Injectable()
export class OutboxRepository {
  private readonly model: ReturnType<typeof outboxModel>;

  constructor(@InjectConnection() connection: Connection) {
    this.model = outboxModel(connection);
  }

  async insert(entries: readonly OutboxEntry[]): Promise<void> {
    await this.model.insertMany(entries);
  }

  /**
   * The entries are ready to publish, claimed until `claimedUntil`. Upserted: a relay may have dropped a pending
   * entry whose change took longer than the grace period (its check ran before the change landed).
   */
  async markReady(entries: readonly OutboxEntry[]): Promise<void> {
    await this.model.bulkWrite(
      entries.map(({ _id, payload, claimedUntil, occurredAt, ...rest }) => ({
        updateOne: {
          filter: { _id },
          update: {
            $set: { state: OutboxState.Ready, payload, claimedUntil, occurredAt },
            $setOnInsert: {
              type: rest.type,
              createdAt: rest.createdAt,
              seq: rest.seq,
              ...(rest.correlationId ? { correlationId: rest.correlationId } : {}),
            },
          },
          upsert: true,
        },
      })),
    );
  }

  /** Takes the oldest entry nobody holds, for `until`; null when there is none. */
  claimNext(now: Date, until: Date): Promise<OutboxEntry | null> {
    return this.model
      .findOneAndUpdate(
        { claimedUntil: { $lte: now } },
        { $set: { claimedUntil: until } },
        { sort: { createdAt: 1, seq: 1 }, returnDocument: 'after' },
      )
      .lean<OutboxEntry>()
      .exec();
  }

  /** Lets any relay take these entries at once (a publish failed). */
  async release(ids: readonly string[], now: Date): Promise<void> {
    await this.model.updateMany({ _id: { $in: ids } }, { $set: { claimedUntil: now } }).exec();
  }

  /** Published: gone. */
  async remove(id: string): Promise<void> {
    await this.model.deleteOne({ _id: id }).exec();
  }

  /** Drops entries whose change was not made; an entry marked ready meanwhile stays. Returns how many went. */
  async dropPending(ids: readonly string[]): Promise<number> {
    const result = await this.model.deleteMany({ _id: { $in: ids }, state: OutboxState.Pending }).exec();
    return result.deletedCount;
  }

  count(state: OutboxState): Promise<number> {
    return this.model.countDocuments({ state }).exec();
  }
}
