import { Injectable } from '@nestjs/common';
import type { ContactReceipt, ContactRequest } from '@app/contracts';
import { AuthClient } from '../auth/auth.client';
import { UserDataClient } from './user-data.client';

/** The contact form (SPEC 2): a solved captcha first (issue 14, finding 11), then the message alone is stored. */
@Injectable()
export class ContactService {
  constructor(
    private readonly auth: AuthClient,
    private readonly userData: UserDataClient,
  ) {}

  async submit({ recaptchaToken, ...message }: ContactRequest, clientIp: string): Promise<ContactReceipt> {
    await this.auth.verifyCaptcha(recaptchaToken, clientIp);
    return this.userData.submitContact(message);
  }
}
