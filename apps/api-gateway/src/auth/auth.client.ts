import { Injectable } from '@nestjs/common';
import { AuthPatterns, SessionUser, SessionUserSchema } from '@app/contracts';
import { ServiceClient } from '@app/server-core';
import { InjectServiceClients, ServiceClients } from '../clients/service-clients';

/** Typed calls to the auth service. */
@Injectable()
export class AuthClient {
  private readonly client: ServiceClient;

  constructor(@InjectServiceClients() clients: ServiceClients) {
    this.client = clients.get('auth-service');
  }

  resolveSession(token: string, correlationId: string): Promise<SessionUser> {
    return this.client.send(AuthPatterns.resolveSession, { token }, correlationId, SessionUserSchema);
  }
}
