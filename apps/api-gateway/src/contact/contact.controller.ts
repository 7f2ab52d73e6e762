import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ContactMessageSchema } from '@app/contracts';
import type { ContactMessage } from '@app/contracts';
import { CorrelationId, Public, ZodPipe } from '@app/server-core';
import { UserDataClient } from './user-data.client';

@Public()
@ApiTags('contact')
@Controller('api/contact')
export class ContactController {
  constructor(private readonly userData: UserDataClient) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'Contact form: stored, then mailed to support. { success, message }' })
  submit(@Body(new ZodPipe(ContactMessageSchema, 'message')) message: ContactMessage, @CorrelationId() correlationId: string) {
    return this.userData.submitContact(message, correlationId);
  }
}
