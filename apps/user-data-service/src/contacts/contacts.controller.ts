import { Controller } from '@nestjs/common';
import { ContactRpc } from '@app/contracts';
import type { ContactMessage } from '@app/contracts';
import { RpcHandler, RpcPayload } from '@app/server-core';
import { ContactsService } from './contacts.service';

@Controller()
export class ContactsController {
  constructor(private readonly contacts: ContactsService) {}

  @RpcHandler(ContactRpc.submit)
  submit(@RpcPayload() message: ContactMessage) {
    return this.contacts.submit(message);
  }
}
