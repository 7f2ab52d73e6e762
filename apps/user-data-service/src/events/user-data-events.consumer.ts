import { Module } from '@nestjs/common';
import type { EventBatchHandlers, EventHandlers } from '@app/server-core';
import { EventsModule } from '@app/server-core';
import { DataRightsModule } from '../data-rights/data-rights.module';
import { DataRightsService } from '../data-rights/data-rights.service';
import { EpisodesModule } from '../episodes/episodes.module';
import { EpisodesService } from '../episodes/episodes.service';
import { HistoryModule } from '../history/history.module';
import { HistoryService } from '../history/history.service';
import { TitlesModule } from '../titles/titles.module';
import { RemindersModule } from '../reminders/reminders.module';
import { RemindersService } from '../reminders/reminders.service';
import { TitlesService } from '../titles/titles.service';

/** The user-data-service's consumer group: it gets every event once. */
export const CONSUMER_GROUP = 'user-data-service';

/**
 * Everything this service consumes, in its one group. No IdempotencyStore: each effect is idempotent by its
 * natural key (the conditional upsert on profile + title ordered by `reportedAt`; title snapshots and the episode
 * index ordered by the event's `occurredAt`; deletes by user, profile, title or episode), and a heartbeat every 10 s per
 * viewer should cost one write.
 */
export const userDataEventHandlers = (
  titles: TitlesService,
  episodes: EpisodesService,
  dataRights: DataRightsService,
  reminders: RemindersService,
): EventHandlers => ({
  // Issue 28: a title going live (by its schedule or by hand) mails the profiles that asked to be reminded.
  'movie.published': async (event) => {
    await titles.recordTitle(event.payload, new Date(event.occurredAt));
    await reminders.titleLive(event.payload.movieId, event.payload.title);
  },
  'movie.updated': (event) => titles.recordTitle(event.payload, new Date(event.occurredAt)),
  'movie.deleted': (event) => titles.forgetTitle(event.payload.movieId),
  'series.published': async (event) => {
    await titles.recordSeries(event.payload, new Date(event.occurredAt));
    await reminders.titleLive(event.payload.seriesId, event.payload.title);
  },
  'series.updated': (event) => titles.recordSeries(event.payload, new Date(event.occurredAt)),
  'series.deleted': (event) => titles.forgetTitle(event.payload.seriesId),
  'episode.published': (event) => episodes.recordEpisode(event.payload, new Date(event.occurredAt)),
  'episode.deleted': (event) => episodes.forgetEpisode(event.payload),
  'user.updated': (event) => reminders.followEmail(event.payload.userId, event.payload.email),
  'user.deleted': (event) => dataRights.forgetUser(event.payload.userId, event.payload.verifiedEmail),
  'profile.deleted': (event) => dataRights.forgetProfile(event.payload.userId, event.payload.profileId),
});

/**
 * The hottest write in one bulk write per read of the stream (issue 29): reports of different viewers or titles
 * touch different records; one viewer's reports on one title apply in stream order (each adds its watch time only
 * when it is the newest). Title and user events still run one at a time, in stream order.
 */
export const userDataEventBatchHandlers = (history: HistoryService): EventBatchHandlers => ({
  'watch.progressed': async (events) => {
    await history.recordProgressMany(events.map(({ event }) => event.payload));
  },
});

@Module({
  imports: [
    EventsModule.forConsumer({
      group: CONSUMER_GROUP,
      imports: [HistoryModule, TitlesModule, EpisodesModule, DataRightsModule, RemindersModule],
      inject: [HistoryService, TitlesService, EpisodesService, DataRightsService, RemindersService],
      handlers: (_history, titles, episodes, dataRights, reminders) =>
        userDataEventHandlers(titles, episodes, dataRights, reminders),
      batchHandlers: (history, ..._others) => userDataEventBatchHandlers(history),
    }),
  ],
})
export class UserDataEventsModule {}
