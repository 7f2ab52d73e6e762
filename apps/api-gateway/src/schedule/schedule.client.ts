import { Injectable } from '@nestjs/common';
import { ComingSoonRpc, ReminderRpc } from '@app/contracts';
import type { RpcRequest } from '@app/contracts';
import { ServiceClient } from '@app/server-core';
import { InjectServiceClients, ServiceClients } from '../clients/service-clients';

/** Typed calls for issue 28: Coming soon (catalogue-service) and the profile's reminders (user-data-service). */
@Injectable()
export class ScheduleClient {
  private readonly catalogue: ServiceClient;
  private readonly userData: ServiceClient;

  constructor(@InjectServiceClients() clients: ServiceClients) {
    this.catalogue = clients.get('catalogue-service');
    this.userData = clients.get('user-data-service');
  }

  comingSoon() {
    return this.catalogue.send(ComingSoonRpc.list, {});
  }

  comingSoonTitle(id: string) {
    return this.catalogue.send(ComingSoonRpc.get, { id });
  }

  reminders(userId: string) {
    return this.userData.send(ReminderRpc.list, { userId });
  }

  remind(payload: RpcRequest<typeof ReminderRpc.set>) {
    return this.userData.send(ReminderRpc.set, payload);
  }

  forget(userId: string, titleId: string) {
    return this.userData.send(ReminderRpc.remove, { userId, titleId });
  }
}
