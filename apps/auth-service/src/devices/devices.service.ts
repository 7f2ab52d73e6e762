import { Injectable } from '@nestjs/common';
import { DeviceMessages } from '@app/contracts';
import type {
  DeviceList,
  ListDevicesRpc,
  SignedOut,
  SignOutDeviceRpc,
  SignOutOtherDevicesRpc,
} from '@app/contracts';
import { AppError } from '@app/server-core';
import { SessionStore, StoredDevice } from '../sessions/session.store';
import { SessionsService } from '../sessions/sessions.service';
import { UsersRepository } from '../users/users.repository';
import { toDevice } from './device.mapper';

/**
 * Issue 27: an account's signed-in devices. Signing a device out revokes every session issued under it, each through
 * the one sign-out path (SessionsService.revoke), so each is announced as `session.revoked` and its streams end
 * (DECISIONS 35).
 */
@Injectable()
export class DevicesService {
  constructor(
    private readonly store: SessionStore,
    private readonly sessions: SessionsService,
    private readonly users: UsersRepository,
  ) {}

  /** Most recently seen first; `currentDeviceId` is marked. */
  async list({ userId, currentDeviceId }: ListDevicesRpc): Promise<DeviceList> {
    const devices = await this.signedIn(userId);
    devices.sort((a, b) => b.lastSeenAt - a.lastSeenAt);
    return { data: devices.map((device) => toDevice(device, currentDeviceId)) };
  }

  async signOut({ userId, deviceId }: SignOutDeviceRpc): Promise<SignedOut> {
    const device = (await this.signedIn(userId)).find(({ id }) => id === deviceId);
    if (!device) throw AppError.notFound(DeviceMessages.notFound);
    return { sessionIds: await this.end(userId, [device]) };
  }

  /** Every device but `keepDeviceId` (none: every device). */
  async signOutOthers({ userId, keepDeviceId }: SignOutOtherDevicesRpc): Promise<SignedOut> {
    const others = (await this.signedIn(userId)).filter(({ id }) => id !== keepDeviceId);
    return { sessionIds: await this.end(userId, others) };
  }

  /**
   * Devices whose sessions still resolve: signed in under the account's current token version (a password reset or
   * a ban ended the others, whose records wait for their expiry). None for an account that is gone.
   */
  private async signedIn(userId: string): Promise<StoredDevice[]> {
    const [user, devices] = await Promise.all([this.users.findById(userId), this.store.devices(userId)]);
    return user ? devices.filter(({ tokenVersion }) => tokenVersion === user.tokenVersion) : [];
  }

  private async end(userId: string, devices: StoredDevice[]): Promise<string[]> {
    const ended: string[] = [];
    for (const device of devices) {
      for (const sessionId of device.sessionIds) await this.sessions.revoke(sessionId);
      await this.store.forgetDevice(userId, device);
      ended.push(...device.sessionIds);
    }
    return ended;
  }
}
