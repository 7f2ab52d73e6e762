import { Injectable } from '@nestjs/common';
import { CONTACT_SENT_MESSAGE, ContactMessage, ContactReceipt, ContactRpc, HistoryRpc } from '@app/contracts';
import { ServiceClient } from '@app/server-core';
import { InjectServiceClients, ServiceClients } from '../clients/service-clients';

/** Typed calls to the user-data service. */
@Injectable()
export class UserDataClient {
  private readonly client: ServiceClient;

  constructor(@InjectServiceClients() clients: ServiceClients) {
    this.client = clients.get('user-data-service');
  }

  /** SPEC's `{ success, message }` answer is the gateway's; the service answers the stored message's id. */
  async submitContact(message: ContactMessage): Promise<ContactReceipt> {
    await this.client.send(ContactRpc.submit, message);
    return { success: true, message: CONTACT_SENT_MESSAGE };
  }

  /** Where this viewer stopped this title (the watch.progressed record), or null. */
  resumePoint(userId: string, movieId: string) {
    return this.client.send(HistoryRpc.resumePoint, { userId, movieId });
  }
}
