import type { OnApplicationShutdown } from '@nestjs/common';
import { Inject } from '@nestjs/common';
import type { ServiceName } from '@app/contracts';
import { ServiceNames } from '@app/contracts';
import { parseAddress, ServiceClient } from '@app/server-core';
import type { Env } from '../env';

const addressKey: Record<ServiceName, keyof Env> = {
  'auth-service': 'AUTH_SERVICE_ADDR',
  'catalogue-service': 'CATALOGUE_SERVICE_ADDR',
  'user-data-service': 'USER_DATA_SERVICE_ADDR',
  'payment-service': 'PAYMENT_SERVICE_ADDR',
  'streaming-service': 'STREAMING_SERVICE_ADDR',
  'recommendation-service': 'RECOMMENDATION_SERVICE_ADDR',
};

export const SERVICE_CLIENTS = Symbol('SERVICE_CLIENTS');
export const InjectServiceClients = () => Inject(SERVICE_CLIENTS);

/** One TCP client per back-end service, keyed by name. */
export class ServiceClients implements OnApplicationShutdown {
  private readonly clients: Map<ServiceName, ServiceClient>;

  constructor(env: Env) {
    this.clients = new Map(
      ServiceNames.map((name) => [
        name,
        new ServiceClient(name, parseAddress(String(env[addressKey[name]])), env.RPC_TIMEOUT_MS),
      ]),
    );
  }

  get(name: ServiceName): ServiceClient {
    const client = this.clients.get(name);
    if (!client) throw new Error(`No client for ${name}`);
    return client;
  }

  all(): ServiceClient[] {
    return [...this.clients.values()];
  }

  async onApplicationShutdown() {
    await Promise.all(this.all().map((client) => client.close()));
  }
}
