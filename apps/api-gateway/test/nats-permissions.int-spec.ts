import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Controller, INestApplication, INestMicroservice, Module } from '@nestjs/common';
import { parseAllDocuments } from 'yaml';
import { AuthRpc, ErrorCode, MovieRpc, ServiceNames } from '@app/contracts';
import type { ServiceName } from '@app/contracts';
import { AppError, RpcHandler, ServiceClient } from '@app/server-core';
import { findFreePort, startNats, workspaceRoot } from '@app/server-testing';
import { callGateway, startFakeService, startGateway } from './gateway-harness';

type NatsServer = Awaited<ReturnType<typeof startNats>>;

/** The nats.conf k8s runs (k8s/nats.yaml), users and permissions as shipped. */
const k8sNatsConf = (): string => {
  const docs = parseAllDocuments(readFileSync(path.join(workspaceRoot(), 'k8s/nats.yaml'), 'utf8')).map(
    (doc) => doc.toJS() as { kind: string; metadata: { name: string }; data?: Record<string, string> },
  );
  const conf = docs.find((doc) => doc.kind === 'ConfigMap' && doc.metadata.name === 'nats-config')?.data?.[
    'nats.conf'
  ];
  if (!conf) throw new Error('k8s/nats.yaml has no nats-config ConfigMap with nats.conf');
  return conf;
};

const passwordKey = (app: string) => `NATS_PASSWORD_${app.toUpperCase().replaceAll('-', '_')}`;

@Controller()
class GenresController {
  @RpcHandler(MovieRpc.genres)
  genres() {
    return ['Drama', 'Comedy'];
  }
}
@Module({ controllers: [GenresController] })
class CatalogueStandIn {}

@Controller()
class CaptchaController {
  @RpcHandler(AuthRpc.captchaConfig)
  config() {
    return { provider: 'altcha' as const, challengeUrl: '/api/auth/captcha/challenge' };
  }
}
@Module({ controllers: [CaptchaController] })
class AuthStandIn {}

/**
 * The NATS users of k8s/nats.yaml on a real nats-server: each app signed in as its own user can do its job, and a
 * service cannot take another's requests or send any of its own.
 */
describe("k8s' NATS users and permissions, on a real nats-server", () => {
  const passwords = Object.fromEntries(
    // As secrets.example.yaml makes them: a letter first (nats-server parses the value as config).
    ['api-gateway', ...ServiceNames].map((app) => [passwordKey(app), `p${randomBytes(24).toString('hex')}`]),
  );
  const as = (app: string) => ({ user: app, password: passwords[passwordKey(app)] });
  let nats: NatsServer;
  let gateway: INestApplication;
  let url: string;
  const standIns: INestMicroservice[] = [];

  beforeAll(async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'nats-k8s-'));
    writeFileSync(path.join(dir, 'nats.conf'), k8sNatsConf());
    nats = await startNats({
      config: path.join(dir, 'nats.conf'),
      env: { ...passwords, POD_NAME: 'nats-0' },
      // One node on this machine: its own ports, no routes to the (absent) other nodes.
      args: [
        '-m',
        String(await findFreePort()),
        '--cluster',
        `nats://127.0.0.1:${await findFreePort()}`,
        '--routes',
        '',
      ],
    });
    ({ app: gateway, url } = await startGateway({
      NATS_URL: nats.url,
      NATS_USER: 'api-gateway',
      NATS_PASSWORD: as('api-gateway').password,
      RPC_TIMEOUT_MS: 1_000,
    }));
  });

  afterAll(async () => {
    await gateway?.close();
    await Promise.all(standIns.map((app) => app.close()));
    await nats?.stop();
  });

  const standIn = async (module: new () => object, app: ServiceName) => {
    const { app: started } = await startFakeService(module, { url: nats.url, ...as(app) });
    standIns.push(started);
    return started;
  };

  it('lets the gateway ask catalogue-service, signed in as itself, and the catalogue answer', async () => {
    await standIn(CatalogueStandIn, 'catalogue-service');

    const res = await callGateway(url, 'GET', '/api/movies/genres');

    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(['Drama', 'Comedy']);
  });

  it("keeps a service from taking another service's requests", async () => {
    // Signed in as catalogue-service, subscribing to auth's subjects: NATS refuses the subscription.
    await standIn(AuthStandIn, 'catalogue-service');

    const res = await callGateway(url, 'GET', '/api/auth/captcha');

    expect(res.status).toBe(503);
  });

  it('keeps a service from sending requests of its own', async () => {
    const client = ServiceClient.connect(
      'auth-service',
      { url: nats.url, ...as('catalogue-service') },
      {
        timeoutMs: 1_000,
      },
    );
    await standIn(AuthStandIn, 'auth-service');
    try {
      const error = await client.send(AuthRpc.captchaConfig, {}).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect([ErrorCode.ServiceTimeout, ErrorCode.ServiceUnavailable]).toContain((error as AppError).code);
    } finally {
      await client.close();
    }
    // The same request from the gateway's user is answered: the refusal was the permission, not the stand-in.
    expect((await callGateway(url, 'GET', '/api/auth/captcha')).status).toBe(200);
  });

  it('refuses a wrong password', async () => {
    const client = ServiceClient.connect(
      'catalogue-service',
      { url: nats.url, user: 'api-gateway', password: 'wrong' },
      {
        timeoutMs: 1_000,
      },
    );
    try {
      const error = await client.send(MovieRpc.genres, {}).catch((e: unknown) => e);
      expect((error as AppError).code).toBe(ErrorCode.ServiceUnavailable);
    } finally {
      await client.close();
    }
  });
});
