import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import type { EventBatchHandlers, EventHandlers } from '@app/server-core';
import { EventsModule } from '@app/server-core';
import { ItemsModule } from '../items/items.module';
import { EngagementRepository } from './engagement.repository';
import { InsightsRecorder } from './insights-recorder.service';
import { InsightsReports } from './insights-reports.service';
import { InsightsController } from './insights.controller';
import { insightsModelDefinitions } from './insights.schemas';
import { OnceRepository } from './once.repository';
import { QoeRepository } from './qoe.repository';
import { RevenueRepository } from './revenue.repository';

/**
 * Its own consumer group (as catalogue's reviews): the recommender's group acks what it does not handle, and
 * insights must not slow the recommender down. A new group starts at the beginning of the stream, so the events
 * still on it when this is first deployed are counted too.
 */
export const INSIGHTS_CONSUMER_GROUP = 'recommendation-service.insights';

export const insightsEventHandlers = (recorder: InsightsRecorder): EventHandlers => ({
  'playback.started': ({ payload }) => recorder.playStarted(payload),
  'favorite.added': ({ payload }) => recorder.favoriteAdded(payload),
  'payment.captured': ({ payload, occurredAt }) => recorder.paymentCaptured(payload, new Date(occurredAt)),
  'payment.refunded': ({ payload, occurredAt }) => recorder.paymentRefunded(payload, new Date(occurredAt)),
  'subscription.changed': ({ payload, occurredAt }) =>
    recorder.subscriptionChanged(payload, new Date(occurredAt)),
  'qoe.reported': ({ payload }) => recorder.qoeReported(payload),
  'user.deleted': ({ payload }) => recorder.forgetAccount(payload.userId),
});

/** The hottest event a read at a time (issue 29): the buckets it adds to, each written once per read. */
export const insightsEventBatchHandlers = (recorder: InsightsRecorder): EventBatchHandlers => ({
  'watch.progressed': (events) => recorder.progressedMany(events.map(({ event }) => event.payload)),
});

const repositories = [EngagementRepository, RevenueRepository, QoeRepository, OnceRepository];

@Module({
  imports: [MongooseModule.forFeature(insightsModelDefinitions)],
  providers: [...repositories, InsightsRecorder],
  exports: [...repositories, InsightsRecorder],
})
export class InsightsStoreModule {}

/** Insights (issue 28): the buckets' consumer and the admin reads. */
@Module({
  imports: [
    InsightsStoreModule,
    ItemsModule,
    EventsModule.forConsumer({
      group: INSIGHTS_CONSUMER_GROUP,
      imports: [InsightsStoreModule],
      inject: [InsightsRecorder],
      handlers: insightsEventHandlers,
      batchHandlers: insightsEventBatchHandlers,
      // Different plays' starts run side by side; a play's reports come after its start, in stream order.
      partitionBy: { 'playback.started': (play) => play.leaseId },
    }),
  ],
  controllers: [InsightsController],
  providers: [InsightsReports],
})
export class InsightsModule {}
