import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { FavoritesRepository } from '../favorites/favorites.repository';
import { HistoryRepository } from '../history/history.repository';
import { SettingsRepository } from '../settings/settings.repository';

/**
 * The profiles migration (issue 25): viewer data stored before profiles (no `profileId`) becomes the account's
 * default profile's, whose id is the account's, and the unique indexes without the profile go. Runs at every boot,
 * before the service answers; idempotent (a second run moves nothing).
 */
@Injectable()
export class ProfileDataMigration implements OnApplicationBootstrap {
  private readonly logger = new Logger(ProfileDataMigration.name);

  constructor(
    private readonly history: HistoryRepository,
    private readonly favorites: FavoritesRepository,
    private readonly settings: SettingsRepository,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const moved = await this.run();
    if (moved.history || moved.favorites || moved.settings)
      this.logger.log({ msg: 'viewer data moved to default profiles', ...moved });
  }

  async run(): Promise<{ history: number; favorites: number; settings: number }> {
    const [history, favorites, settings] = await Promise.all([
      this.history.moveToDefaultProfile(),
      this.favorites.moveToDefaultProfile(),
      this.settings.moveToDefaultProfile(),
    ]);
    return { history, favorites, settings };
  }
}
