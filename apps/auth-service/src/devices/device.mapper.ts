import type { Device } from '@app/contracts';
import type { StoredDevice } from '../sessions/session.store';

export const toDevice = (device: StoredDevice, currentDeviceId: string | undefined): Device => ({
  id: device.id,
  label: device.label,
  browser: device.browser,
  os: device.os,
  firstSeenAt: new Date(device.firstSeenAt).toISOString(),
  lastSeenAt: new Date(device.lastSeenAt).toISOString(),
  current: device.id === currentDeviceId,
});
