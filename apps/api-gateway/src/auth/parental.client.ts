import { Injectable } from '@nestjs/common';
import { ParentalRpc } from '@app/contracts';
import type {
  Classification,
  DeclareAgeRequest,
  ParentalCheckRpc,
  ProfileKind,
  UpdateParentalRequest,
} from '@app/contracts';
import { ServiceClient } from '@app/server-core';
import { InjectServiceClients, ServiceClients } from '../clients/service-clients';

/** Typed calls to auth-service's parental controls (issue 25): the account is always the session's. */
@Injectable()
export class ParentalClient {
  private readonly client: ServiceClient;

  constructor(@InjectServiceClients() clients: ServiceClients) {
    this.client = clients.get('auth-service');
  }

  settings(accountId: string) {
    return this.client.send(ParentalRpc.settings, { accountId });
  }

  update(accountId: string, changes: UpdateParentalRequest, clientIp: string) {
    return this.client.send(ParentalRpc.update, { accountId, ...changes, clientIp });
  }

  declareAge(accountId: string, { dateOfBirth }: DeclareAgeRequest) {
    return this.client.send(ParentalRpc.declareAge, { accountId, dateOfBirth });
  }

  /** Refuses (403 AGE_DECLARATION_REQUIRED, 403 PARENTAL_PIN_REQUIRED, 429) unless the title may play. */
  check(
    accountId: string,
    profileKind: ProfileKind,
    classification: Classification,
    { pin, sitting }: Pick<ParentalCheckRpc, 'pin' | 'sitting'>,
  ) {
    return this.client.send(ParentalRpc.check, {
      accountId,
      profileKind,
      classification,
      ...(pin === undefined ? {} : { pin }),
      ...(sitting ? { sitting } : {}),
    });
  }
}
