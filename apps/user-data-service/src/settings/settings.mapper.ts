import type { ViewerSettings } from '@app/contracts';
import type { StoredSettings } from './settings.repository';

export const toViewerSettings = (record: StoredSettings): ViewerSettings => ({
  notifications: {
    newReleases: record.notifications.newReleases,
    recommendations: record.notifications.recommendations,
  },
  playback: record.playback,
});
