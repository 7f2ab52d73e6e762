import { Injectable, Logger } from '@nestjs/common';
import { ContactMessage, ContactStored } from '@app/contracts';
import { InjectEnv, Mailer } from '@app/server-core';
import type { Env } from '../env';
import { ContactsRepository } from './contacts.repository';

/** Stores every message first (nothing is lost if mail is down), then mails it to the support address. */
@Injectable()
export class ContactsService {
  private readonly logger = new Logger(ContactsService.name);

  constructor(
    private readonly contacts: ContactsRepository,
    private readonly mailer: Mailer,
    @InjectEnv() private readonly env: Env,
  ) {}

  async submit(message: ContactMessage): Promise<ContactStored> {
    const id = await this.contacts.create(message);
    try {
      await this.mailer.send({
        to: this.env.SUPPORT_EMAIL,
        subject: `Contact: ${message.serviceInterested} — ${message.firstName} ${message.lastName}`,
        text: [
          `From: ${message.firstName} ${message.lastName} <${message.email}>`,
          `Company: ${message.companyName}`,
          `Interested in: ${message.serviceInterested}`,
          '',
          message.message,
        ].join('\n'),
      });
      await this.contacts.markMailed(id);
    } catch (error) {
      // Stored all the same; the support team finds unmailed messages by `mailed: false`.
      this.logger.error({ msg: 'contact mail failed', contactId: id.toHexString(), error: String(error) });
    }
    return { id: id.toHexString() };
  }
}
