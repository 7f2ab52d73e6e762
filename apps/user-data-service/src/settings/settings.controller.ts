import { Controller } from '@nestjs/common';
import { ViewerDataRpc } from '@app/contracts';
import type { RpcRequest } from '@app/contracts';
import { RpcHandler, RpcPayload } from '@app/server-core';
import { SettingsService } from './settings.service';

@Controller()
export class SettingsController {
  constructor(private readonly settings: SettingsService) {}

  @RpcHandler(ViewerDataRpc.getSettings)
  get(@RpcPayload() { userId }: RpcRequest<typeof ViewerDataRpc.getSettings>) {
    return this.settings.get(userId);
  }

  @RpcHandler(ViewerDataRpc.saveSettings)
  save(@RpcPayload() { userId, settings }: RpcRequest<typeof ViewerDataRpc.saveSettings>) {
    return this.settings.save(userId, settings);
  }
}
