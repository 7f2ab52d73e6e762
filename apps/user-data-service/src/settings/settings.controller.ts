import { Controller } from '@nestjs/common';
import { UserDataRpc } from '@app/contracts';
import type { RpcRequest } from '@app/contracts';
import { RpcHandler, RpcPayload } from '@app/server-core';
import { SettingsService } from './settings.service';

@Controller()
export class SettingsController {
  constructor(private readonly settings: SettingsService) {}

  @RpcHandler(UserDataRpc.getSettings)
  get(@RpcPayload() { userId }: RpcRequest<typeof UserDataRpc.getSettings>) {
    return this.settings.get(userId);
  }

  @RpcHandler(UserDataRpc.saveSettings)
  save(@RpcPayload() { userId, settings }: RpcRequest<typeof UserDataRpc.saveSettings>) {
    return this.settings.save(userId, settings);
  }
}
