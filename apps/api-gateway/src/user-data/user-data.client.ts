import { Injectable } from '@nestjs/common';
import { ContactMessage, ContactRpc } from '@app/contracts';
import { ServiceClient } from '@app/server-core';
import { InjectServiceClients, ServiceClients } from '../clients/service-clients';

/** Typed calls to the user-data service. */
@Injectable()
export class UserDataClient {
  private readonly client: ServiceClient;

  constructor(@InjectServiceClients() clients: ServiceClients) {
    this.client = clients.get('user-data-service');
  }

  submitContact(message: ContactMessage) {
    return this.client.send(ContactRpc.submit, message);
  }
}
