import type { ViewerSettings } from '@app/contracts';
import type { StoredSettings } from './settings.repository';

export const toViewerSettings = (record: StoredSettings): ViewerSettings => ({
  notifications: {
    newReleases: record.notifications.newReleases,
    recommendations: record.notifications.recommendations,
  },
  playback: record.playback,
});

const onOff = (value: boolean) => (value ? 'on' : 'off');

/** For the audit log: "new releases on, recommendations off, playback auto-play-next". */
export const describeSettings = ({ notifications, playback }: ViewerSettings): string =>
  `new releases ${onOff(notifications.newReleases)}, recommendations ${onOff(notifications.recommendations)}, playback ${playback}`;
