import { Controller } from '@nestjs/common';
import { DeviceRpc } from '@app/contracts';
import type { ListDevicesRpc, SignOutDeviceRpc, SignOutOtherDevicesRpc } from '@app/contracts';
import { RpcHandler, RpcPayload } from '@app/server-core';
import { DevicesService } from './devices.service';

/** Issue 27; the gateway lets through the account's owner or an admin. */
@Controller()
export class DevicesController {
  constructor(private readonly devices: DevicesService) {}

  @RpcHandler(DeviceRpc.list)
  list(@RpcPayload() payload: ListDevicesRpc) {
    return this.devices.list(payload);
  }

  @RpcHandler(DeviceRpc.signOut)
  signOut(@RpcPayload() payload: SignOutDeviceRpc) {
    return this.devices.signOut(payload);
  }

  @RpcHandler(DeviceRpc.signOutOthers)
  signOutOthers(@RpcPayload() payload: SignOutOtherDevicesRpc) {
    return this.devices.signOutOthers(payload);
  }
}
