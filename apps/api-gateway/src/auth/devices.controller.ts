import { Controller, Param } from '@nestjs/common';
import { DeviceRoutes } from '@app/contracts';
import type { SessionUser } from '@app/contracts';
import { Endpoint } from '../routes/endpoint.decorator';
import { AuthClient } from './auth.client';
import { CurrentUser } from './auth.decorators';

/** Issue 27: an account's signed-in devices (`sessions` in the paths); its owner or an admin (the routes' access). */
@Controller()
export class DevicesController {
  constructor(private readonly auth: AuthClient) {}

  @Endpoint(DeviceRoutes.list)
  list(@Param('id') userId: string, @CurrentUser() caller: SessionUser) {
    return this.auth.listDevices(caller, userId);
  }

  @Endpoint(DeviceRoutes.signOut)
  async signOut(@Param('id') userId: string, @Param('sessionId') deviceId: string): Promise<void> {
    await this.auth.signOutDevice(userId, deviceId);
  }

  @Endpoint(DeviceRoutes.signOutOthers)
  async signOutOthers(@Param('id') userId: string, @CurrentUser() caller: SessionUser): Promise<void> {
    await this.auth.signOutOtherDevices(caller, userId);
  }
}
