import { Injectable } from '@nestjs/common';
import type { ViewerSettings } from '@app/contracts';
import { AuditAction, DEFAULT_VIEWER_SETTINGS } from '@app/contracts';
import type { ViewerKey } from '@app/server-core';
import { AuditTrail, DeletedUsers, viewerOf } from '@app/server-core';
import { accountGone } from '../data-rights/account-gone';
import { describeSettings, toViewerSettings } from './settings.mapper';
import { SettingsRepository } from './settings.repository';

/**
 * Notification and playback settings (DECISIONS 21), one set per profile (DECISIONS 36: the request's profile):
 * the defaults until it saves its own.
 */
@Injectable()
export class SettingsService {
  constructor(
    private readonly settings: SettingsRepository,
    private readonly deletedUsers: DeletedUsers,
    private readonly audit: AuditTrail,
  ) {}

  async get(userId: string): Promise<ViewerSettings> {
    const record = await this.settings.findOf(viewerOf(userId));
    return record ? toViewerSettings(record) : DEFAULT_VIEWER_SETTINGS;
  }

  /**
   * Answers what was stored; audited when an admin saved them. A deleted account's save is undone and refused
   * (checked after the write, as FavoritesService.add does).
   */
  async save(userId: string, settings: ViewerSettings): Promise<ViewerSettings> {
    const before = await this.get(userId);
    const saved = toViewerSettings(await this.settings.save(viewerOf(userId), settings));
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

  /** `profile.deleted`: that profile's settings go. */
  forgetProfile(viewer: ViewerKey): Promise<number> {
    return this.settings.removeOfProfile(viewer);
  }
}
