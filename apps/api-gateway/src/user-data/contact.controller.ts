import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ContactMessageSchema } from '@app/contracts';
import type { ContactMessage } from '@app/contracts';
import { Public, ZodPipe } from '@app/server-core';
import { UserDataClient } from './user-data.client';

@Public()
@Controller('api/contact')
export class ContactController {
  constructor(private readonly userData: UserDataClient) {}

  @Post()
  @HttpCode(200)
  submit(@Body(new ZodPipe(ContactMessageSchema, 'message')) message: ContactMessage) {
    return this.userData.submitContact(message);
  }
}
