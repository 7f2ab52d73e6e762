import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model } from 'mongoose';
import { unlessDuplicate } from '@app/server-core';
import type { PageFilter } from '../data/page-filter';
import { userCondition } from '../data/page-filter';
import { WebhookEventRecord, WebhookOutcome } from './webhook-event.schema';

export type StoredWebhookEvent = WebhookEventRecord;

/** The only code that touches the webhook_events collection. */
@Injectable()
export class WebhookEventsRepository {
  constructor(@InjectModel(WebhookEventRecord.name) private readonly events: Model<WebhookEventRecord>) {}

  /** Records the event id before anything is applied; null when it was recorded already (a redelivery). */
  async record(event: Pick<WebhookEventRecord, '_id' | 'event' | 'entityId' | 'userId'>, at: Date) {
    const created = await unlessDuplicate(
      this.events.create({ ...event, outcome: WebhookOutcome.Received, receivedAt: at, appliedAt: null }),
      null,
    );
    return created && created.toObject<StoredWebhookEvent>();
  }

  findById(id: string): Promise<StoredWebhookEvent | null> {
    return this.events.findById(id).lean<StoredWebhookEvent>().exec();
  }

  async finish(id: string, outcome: WebhookOutcome, userId: string | null, at: Date): Promise<void> {
    await this.events
      .updateOne({ _id: { $eq: id } }, { $set: { outcome, appliedAt: at, ...(userId ? { userId } : {}) } })
      .exec();
  }

  /** user.deleted: the event log stays, the user id it names becomes `marker`. Idempotent. */
  async forgetPerson(userId: string, marker: string): Promise<void> {
    await this.events.updateMany({ userId: { $eq: userId } }, { $set: { userId: marker } }).exec();
  }

  async page(filter: PageFilter<WebhookOutcome>, skip: number, limit: number) {
    const query = {
      ...userCondition(filter),
      ...(filter.status ? { outcome: { $eq: filter.status } } : {}),
    };
    const [items, total] = await Promise.all([
      this.events
        .find(query)
        .sort({ receivedAt: -1, _id: -1 })
        .skip(skip)
        .limit(limit)
        .lean<StoredWebhookEvent[]>()
        .exec(),
      this.events.countDocuments(query).exec(),
    ]);
    return { items, total };
  }
}
