import { Injectable, Logger } from '@nestjs/common';
import type { ViewerDataExport } from '@app/contracts';
import { FavoritesService } from '../favorites/favorites.service';
import { HistoryService } from '../history/history.service';
import { SettingsService } from '../settings/settings.service';

/**
 * The viewer's data rights (DECISIONS 32) over what this service holds of them: history, favorites, settings.
 * Contact-form messages are kept by email, not by user id, and are not part of it.
 */
@Injectable()
export class DataRightsService {
  private readonly logger = new Logger(DataRightsService.name);

  constructor(
    private readonly history: HistoryService,
    private readonly favorites: FavoritesService,
    private readonly settings: SettingsService,
  ) {}

  /** "Download my data": every history record (hidden ones flagged), the favorites and the settings. */
  async exportOf(userId: string): Promise<ViewerDataExport> {
    const [history, favorites, settings] = await Promise.all([
      this.history.exportOf(userId),
      this.favorites.exportOf(userId),
      this.settings.get(userId),
    ]);
    return { history, favorites, settings };
  }

  /** `user.deleted`: erases the user's history, favorites and settings; a redelivery finds nothing left. */
  async forgetUser(userId: string): Promise<void> {
    const history = await this.history.forgetUser(userId);
    const favorites = await this.favorites.forgetUser(userId);
    const settings = await this.settings.forgetUser(userId);
    this.logger.log({ msg: 'viewer data of deleted user removed', userId, history, favorites, settings });
  }
}
