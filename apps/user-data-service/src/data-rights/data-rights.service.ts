import { Injectable, Logger } from '@nestjs/common';
import type { UserDataExport } from '@app/contracts';
import { toContactExport } from '../contacts/contact.mapper';
import { ContactsRepository } from '../contacts/contacts.repository';
import { FavoritesService } from '../favorites/favorites.service';
import { HistoryService } from '../history/history.service';
import { RemindersService } from '../reminders/reminders.service';
import { SettingsService } from '../settings/settings.service';

/**
 * The viewer's data rights (DECISIONS 32) over what this service holds of them: history, favorites, settings, and
 * the contact-form messages sent from their email. Those are kept by email, not by user id, and the form is open
 * to anyone: they count as the account's only when its email is verified (DECISIONS 33), so registering someone
 * else's address never hands over, or erases, that person's messages.
 */
@Injectable()
export class DataRightsService {
  private readonly logger = new Logger(DataRightsService.name);

  constructor(
    private readonly history: HistoryService,
    private readonly favorites: FavoritesService,
    private readonly settings: SettingsService,
    private readonly contacts: ContactsRepository,
    private readonly reminders: RemindersService,
  ) {}

  /**
   * "Download my data": every history record (hidden ones flagged), the favorites, the settings, the messages and
   * the "Remind me" asks.
   */
  async exportOf(userId: string, verifiedEmail?: string): Promise<UserDataExport> {
    const [history, favorites, settings, contactMessages, reminders] = await Promise.all([
      this.history.exportOf(userId),
      this.favorites.exportOf(userId),
      this.settings.get(userId),
      verifiedEmail ? this.contacts.ofEmail(verifiedEmail) : [],
      this.reminders.exportOf(userId),
    ]);
    return { history, favorites, settings, contactMessages: contactMessages.map(toContactExport), reminders };
  }

  /**
   * `user.deleted`: erases the user's history, favorites, settings and the contact messages sent from their
   * verified email; a redelivery finds nothing left.
   */
  async forgetUser(userId: string, verifiedEmail?: string): Promise<void> {
    const history = await this.history.forgetUser(userId);
    const favorites = await this.favorites.forgetUser(userId);
    const settings = await this.settings.forgetUser(userId);
    const reminders = await this.reminders.forgetUser(userId);
    const contactMessages = verifiedEmail ? await this.contacts.removeOfEmail(verifiedEmail) : 0;
    this.logger.log({
      msg: 'viewer data of deleted user removed',
      userId,
      history,
      favorites,
      settings,
      reminders,
      contactMessages,
    });
  }

  /**
   * `profile.deleted` (DECISIONS 36, as DECISIONS 32 for an account): erases that profile's history, favorites and
   * settings; the account's other profiles and its contact messages stay. A redelivery finds nothing left.
   */
  async forgetProfile(userId: string, profileId: string): Promise<void> {
    const profile = { userId, profileId };
    const history = await this.history.forgetProfile(profile);
    const favorites = await this.favorites.forgetProfile(profile);
    const settings = await this.settings.forgetProfile(profile);
    const reminders = await this.reminders.forgetProfile(profile);
    this.logger.log({
      msg: 'viewer data of deleted profile removed',
      userId,
      profileId,
      history,
      favorites,
      settings,
      reminders,
    });
  }
}
