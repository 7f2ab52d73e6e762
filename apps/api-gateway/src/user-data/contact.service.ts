import { Injectable } from '@nestjs/common';
import type { ContactReceipt, ContactRequest } from '@app/contracts';
import { CaptchaClient } from '../captcha/captcha.client';
import { UserDataClient } from './user-data.client';

/** The contact form (SPEC 2): a solved captcha first (issue 14, finding 11), then the message alone is stored. */
@Injectable()
export class ContactService {
  constructor(
    private readonly captcha: CaptchaClient,
    private readonly userData: UserDataClient,
  ) {}

  async submit({ recaptchaToken, ...message }: ContactRequest, clientIp: string): Promise<ContactReceipt> {
    await this.captcha.verify(recaptchaToken, clientIp);
    return this.userData.submitContact(message);
  }
}
