import { Injectable } from '@nestjs/common';
import type { ViewerSettings } from '@app/contracts';
import { DEFAULT_VIEWER_SETTINGS } from '@app/contracts';
import { toViewerSettings } from './settings.mapper';
import { SettingsRepository } from './settings.repository';

/** Notification and playback settings (DECISIONS 21): the defaults until the viewer saves their own. */
@Injectable()
export class SettingsService {
  constructor(private readonly settings: SettingsRepository) {}

  async get(userId: string): Promise<ViewerSettings> {
    const record = await this.settings.findOf(userId);
    return record ? toViewerSettings(record) : DEFAULT_VIEWER_SETTINGS;
  }

  /** Answers what was stored. */
  async save(userId: string, settings: ViewerSettings): Promise<ViewerSettings> {
    return toViewerSettings(await this.settings.save(userId, settings));
  }

  forgetUser(userId: string): Promise<number> {
    return this.settings.removeOfUser(userId);
  }
}
