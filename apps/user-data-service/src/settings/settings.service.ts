import { Injectable } from '@nestjs/common';
import type { ViewerSettings } from '@app/contracts';
import { AuditAction, DEFAULT_VIEWER_SETTINGS } from '@app/contracts';
import { AuditTrail, DeletedUsers } from '@app/server-core';
import { accountGone } from '../data-rights/account-gone';
import { describeSettings, toViewerSettings } from './settings.mapper';
import { SettingsRepository } from './settings.repository';

/** Notification and playback settings (DECISIONS 21): the defaults until the viewer saves their own. */
@Injectable()
export class SettingsService {
  constructor(
    private readonly settings: SettingsRepository,
    private readonly deletedUsers: DeletedUsers,
    private readonly audit: AuditTrail,
  ) {}

  async get(userId: string): Promise<ViewerSettings> {
    const record = await this.settings.findOf(userId);
    return record ? toViewerSettings(record) : DEFAULT_VIEWER_SETTINGS;
  }

  /**
   * Answers what was stored; audited when an admin saved them. A deleted account's save is undone and refused
   * (checked after the write, as FavoritesService.add does).
   */
  async save(userId: string, settings: ViewerSettings): Promise<ViewerSettings> {
    const before = await this.get(userId);
    const saved = toViewerSettings(await this.settings.save(userId, settings));
    if (await this.deletedUsers.isDeleted(userId)) {
      await this.settings.removeOfUser(userId);
      throw accountGone();
    }
    await this.audit.recordForViewer(userId, {
      action: AuditAction.SettingsChange,
      detail: 'settings saved',
      before: describeSettings(before),
      after: describeSettings(saved),
    });
    return saved;
  }

  forgetUser(userId: string): Promise<number> {
    return this.settings.removeOfUser(userId);
  }
}
