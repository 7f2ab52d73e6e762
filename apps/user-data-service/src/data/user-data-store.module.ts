import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { EpisodeRecord, EpisodeSchema } from '../episodes/episode.schema';
import { EpisodesRepository } from '../episodes/episodes.repository';
import { FavoriteRecord, FavoriteSchema } from '../favorites/favorite.schema';
import { FavoritesRepository } from '../favorites/favorites.repository';
import { HistoryRecord, HistorySchema } from '../history/history.schema';
import { HistoryRepository } from '../history/history.repository';
import { ReminderRecord, ReminderSchema } from '../reminders/reminder.schema';
import { RemindersRepository } from '../reminders/reminders.repository';
import { SettingsRecord, SettingsSchema } from '../settings/settings.schema';
import { SettingsRepository } from '../settings/settings.repository';
import { TitleRecord, TitleSchema } from '../titles/title.schema';
import { TitlesRepository } from '../titles/titles.repository';
import { ProfileDataMigration } from './profile-data-migration';

const repositories = [
  HistoryRepository,
  TitlesRepository,
  EpisodesRepository,
  FavoritesRepository,
  SettingsRepository,
  RemindersRepository,
];

/**
 * The user-data collections and their repositories. Feature modules import this, never one another's
 * repositories through their modules, so history, favorites, titles, episodes and analytics form no cycle.
 */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: HistoryRecord.name, schema: HistorySchema },
      { name: TitleRecord.name, schema: TitleSchema },
      { name: EpisodeRecord.name, schema: EpisodeSchema },
      { name: FavoriteRecord.name, schema: FavoriteSchema },
      { name: SettingsRecord.name, schema: SettingsSchema },
      { name: ReminderRecord.name, schema: ReminderSchema },
    ]),
  ],
  providers: [...repositories, ProfileDataMigration],
  exports: [...repositories, ProfileDataMigration],
})
export class UserDataStoreModule {}
