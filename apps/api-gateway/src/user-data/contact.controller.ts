import { Body, Controller } from '@nestjs/common';
import { ContactRoutes } from '@app/contracts';
import type { ContactRequest } from '@app/contracts';
import { ClientIp } from '../auth/client-ip';
import { Endpoint } from '../routes/endpoint.decorator';
import { ContactService } from './contact.service';

/** A few messages an hour per client (RATE_LIMIT_CONTACT_PER_HOUR), each with a solved captcha. */
@Controller()
export class ContactController {
  constructor(private readonly contact: ContactService) {}

  @Endpoint(ContactRoutes.submit)
  submit(@Body() body: ContactRequest, @ClientIp() clientIp: string) {
    return this.contact.submit(body, clientIp);
  }
}
