import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { ContactMessageSchema, ContactPatterns } from '@app/contracts';
import type { ContactMessage } from '@app/contracts';
import { RpcPayload } from '@app/server-core';
import { ContactsService } from './contacts.service';

@Controller()
export class ContactsController {
  constructor(private readonly contacts: ContactsService) {}

  @MessagePattern(ContactPatterns.submit)
  submit(@RpcPayload(ContactMessageSchema) message: ContactMessage) {
    return this.contacts.submit(message);
  }
}
