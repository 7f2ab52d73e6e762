import type { OnApplicationShutdown } from '@nestjs/common';
import { Inject } from '@nestjs/common';
import type { ServiceName } from '@app/contracts';
import { ServiceNames } from '@app/contracts';
import { createRpcProxy, natsSettings, type RpcProxy, ServiceClient } from '@app/server-core';
import type { Env } from '../env';

export const SERVICE_CLIENTS = Symbol('SERVICE_CLIENTS');
export const InjectServiceClients = () => Inject(SERVICE_CLIENTS);

/** One client per back-end service, keyed by name, all over the gateway's one NATS connection. */
export class ServiceClients implements OnApplicationShutdown {
  private readonly proxy: RpcProxy;
  private readonly clients: Map<ServiceName, ServiceClient>;

  constructor(env: Env) {
    this.proxy = createRpcProxy(natsSettings(env), 'api-gateway');
    this.clients = new Map(
      ServiceNames.map((name) => [
        name,
        new ServiceClient(name, this.proxy, { timeoutMs: env.RPC_TIMEOUT_MS }),
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
    await this.proxy.close();
  }
}
