import { DeviceMessages, ErrorCode } from '@app/contracts';
import { AppError } from '@app/server-core';
import type { SessionStore, StoredDevice } from '../sessions/session.store';
import type { SessionsService } from '../sessions/sessions.service';
import type { UsersRepository } from '../users/users.repository';
import { DevicesService } from './devices.service';

const USER = 'a'.repeat(24);

const device = (id: string, lastSeenAt: number, sessionIds: string[]): StoredDevice => ({
  id,
  label: `${id} label`,
  browser: 'Chrome',
  os: 'Windows',
  firstSeenAt: 1_000,
  tokenVersion: 2,
  lastSeenAt,
  sessionIds,
});

/** The rules over a faked store and sign-out path: which sessions end, and that each goes through revoke. */
const setUp = (devices: StoredDevice[]) => {
  const store = {
    devices: jest.fn(async () => devices.map((d) => ({ ...d }))),
    forgetDevice: jest.fn(async () => undefined),
  };
  const sessions = { revoke: jest.fn(async () => undefined) };
  const users = { findById: jest.fn(async (id: string) => (id === USER ? { tokenVersion: 2 } : null)) };
  const service = new DevicesService(
    store as unknown as SessionStore,
    sessions as unknown as SessionsService,
    users as unknown as UsersRepository,
  );
  return { service, store, sessions };
};

describe('DevicesService', () => {
  const laptop = device('laptop', 5_000, ['l1']);
  const phone = device('phone', 9_000, ['p1', 'p2']);

  it('lists the most recently seen first, and marks the caller’s device', async () => {
    const { service } = setUp([laptop, phone]);
    const { data } = await service.list({ userId: USER, currentDeviceId: 'laptop' });
    expect(data.map(({ id, current }) => [id, current])).toEqual([
      ['phone', false],
      ['laptop', true],
    ]);
    expect(data[1]).toMatchObject({
      label: 'laptop label',
      firstSeenAt: new Date(1_000).toISOString(),
      lastSeenAt: new Date(5_000).toISOString(),
    });
  });

  it('leaves out devices signed in before the account’s sessions all ended (password reset, ban), and a gone account’s', async () => {
    const { service } = setUp([laptop, { ...phone, tokenVersion: 1 }]);
    expect((await service.list({ userId: USER })).data.map(({ id }) => id)).toEqual(['laptop']);
    await expect(service.signOut({ userId: USER, deviceId: 'phone' })).rejects.toMatchObject({
      code: ErrorCode.NotFound,
    });
    expect((await service.list({ userId: 'b'.repeat(24) })).data).toEqual([]);
  });

  it('signs a device out by revoking every session issued under it (profile switches included), one by one', async () => {
    const { service, store, sessions } = setUp([laptop, phone]);
    expect(await service.signOut({ userId: USER, deviceId: 'phone' })).toEqual({ sessionIds: ['p1', 'p2'] });
    expect(sessions.revoke.mock.calls).toEqual([['p1'], ['p2']]);
    expect(store.forgetDevice).toHaveBeenCalledWith(USER, expect.objectContaining({ id: 'phone' }));
  });

  it('answers 404 for a device that is not signed in (or not this account’s)', async () => {
    const { service, sessions } = setUp([laptop]);
    await expect(service.signOut({ userId: USER, deviceId: 'phone' })).rejects.toEqual(
      new AppError(ErrorCode.NotFound, DeviceMessages.notFound),
    );
    expect(sessions.revoke).not.toHaveBeenCalled();
  });

  it('signs out every other device, keeping the caller’s; without one to keep, every device', async () => {
    const kept = setUp([laptop, phone]);
    expect(await kept.service.signOutOthers({ userId: USER, keepDeviceId: 'laptop' })).toEqual({
      sessionIds: ['p1', 'p2'],
    });
    const all = setUp([laptop, phone]);
    expect((await all.service.signOutOthers({ userId: USER })).sessionIds.sort()).toEqual(['l1', 'p1', 'p2']);
  });
});
