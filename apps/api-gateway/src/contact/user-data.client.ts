import { Injectable } from '@nestjs/common';
import { ContactMessage, ContactPatterns, ContactReceipt } from '@app/contracts';
import { ServiceClient } from '@app/server-core';
import { InjectServiceClients, ServiceClients } from '../clients/service-clients';

/** Typed calls to the user-data service. */
@Injectable()
export class UserDataClient {
  private readonly client: ServiceClient;

  constructor(@InjectServiceClients() clients: ServiceClients) {
    this.client = clients.get('user-data-service');
  }

  submitContact(message: ContactMessage, correlationId: string) {
    return this.client.send<ContactReceipt>(ContactPatterns.submit, message, correlationId);
  }
}
