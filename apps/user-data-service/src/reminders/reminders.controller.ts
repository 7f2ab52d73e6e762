import { Controller } from '@nestjs/common';
import { ReminderRpc } from '@app/contracts';
import type { RpcRequest } from '@app/contracts';
import { RpcHandler, RpcPayload } from '@app/server-core';
import { RemindersService } from './reminders.service';

@Controller()
export class RemindersController {
  constructor(private readonly reminders: RemindersService) {}

  @RpcHandler(ReminderRpc.list)
  list(@RpcPayload() { userId }: RpcRequest<typeof ReminderRpc.list>) {
    return this.reminders.list(userId);
  }

  @RpcHandler(ReminderRpc.set)
  set(@RpcPayload() { userId, title, email, language }: RpcRequest<typeof ReminderRpc.set>) {
    return this.reminders.set(userId, title, email, language);
  }

  @RpcHandler(ReminderRpc.remove)
  remove(@RpcPayload() { userId, titleId }: RpcRequest<typeof ReminderRpc.remove>) {
    return this.reminders.remove(userId, titleId);
  }
}
