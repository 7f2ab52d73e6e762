import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ContactRequestSchema } from '@app/contracts';
import type { ContactRequest } from '@app/contracts';
import { Public, ZodPipe } from '@app/server-core';
import { ClientIp } from '../auth/client-ip';
import { RateLimited } from '../rate-limit/rate-limits';
import { ContactService } from './contact.service';

/** A few messages an hour per client (RATE_LIMIT_CONTACT_PER_HOUR), each with a solved captcha. */
@Public()
@RateLimited('contact')
@Controller('api/contact')
export class ContactController {
  constructor(private readonly contact: ContactService) {}

  @Post()
  @HttpCode(200)
  submit(
    @Body(new ZodPipe(ContactRequestSchema, 'message')) body: ContactRequest,
    @ClientIp() clientIp: string,
  ) {
    return this.contact.submit(body, clientIp);
  }
}
