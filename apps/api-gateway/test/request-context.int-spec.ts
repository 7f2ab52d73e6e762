import { Controller, INestApplication, INestMicroservice, Module } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { AuthPatterns } from '@app/contracts';
import { findFreePort, suiteInfra } from '@app/server-testing';
import { startFakeService, startGateway } from './gateway-harness';
import { parseLines, startServiceProcess } from './service-process';

/**
 * Starts user-data-service as its own process (its main.ts, as `npm start` does) with a mail server that refuses
 * connections, so every contact message makes it log "contact mail failed". Collects its stdout and stderr lines.
 */
const startUserDataService = async () => {
  const infra = suiteInfra('request-context');
  return startServiceProcess('user-data-service', {
    MONGODB_URI: infra.mongoUri,
    MONGODB_DB: infra.mongoDb,
    REDIS_URL: infra.redisUrl,
    SMTP_URL: `smtp://127.0.0.1:${await findFreePort()}`,
  });
};

/** The contact form's captcha passes: this suite is about correlation ids (rate-limits.int-spec.ts runs the real one). */
@Controller()
class FakeCaptchaController {
  @MessagePattern(AuthPatterns.verifyCaptcha)
  verify() {
    return { verified: true };
  }
}

@Module({ controllers: [FakeCaptchaController] })
class FakeAuthModule {}

const message = {
  firstName: 'Meera',
  lastName: 'Iyer',
  email: 'meera@example.in',
  companyName: 'Iyer Films',
  serviceInterested: 'Partnerships',
  message: 'Tracing one request across processes.',
  recaptchaToken: 'solved',
};

describe('one request, one correlation id in every process', () => {
  let service: Awaited<ReturnType<typeof startUserDataService>>;
  let auth: INestMicroservice;
  let gateway: INestApplication;
  let url: string;
  const gatewayOutput: string[] = [];
  let restore: Array<() => void> = [];

  beforeAll(async () => {
    service = await startUserDataService();
    ({ app: auth } = await startFakeService(FakeAuthModule));
    // The gateway runs in this process: its JsonLogger writes here.
    restore = [process.stdout, process.stderr].map((stream) => {
      const write = jest.spyOn(stream, 'write').mockImplementation((chunk: string | Uint8Array) => {
        gatewayOutput.push(String(chunk));
        return true;
      });
      return () => write.mockRestore();
    });
    ({ app: gateway, url } = await startGateway({
      LOG_LEVEL: 'debug',
    }));
  });

  afterAll(async () => {
    restore.forEach((undo) => undo());
    await gateway?.close();
    await auth?.close();
    await service?.stop();
  });

  const submit = async (correlationId: string) => {
    const res = await fetch(`${url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-correlation-id': correlationId },
      body: JSON.stringify(message),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-correlation-id')).toBe(correlationId);
  };

  const waitForServiceLine = async (correlationId: string) => {
    for (let attempt = 0; attempt < 100; attempt++) {
      const line = service.lines.find(
        (l) => l.correlationId === correlationId && l.msg === 'contact mail failed',
      );
      if (line) return line;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`no service line with ${correlationId}: ${JSON.stringify(service.lines)}`);
  };

  // Two requests on one TCP connection: the second id must not be the first's (the service restores it per message).
  it.each(['trace-first-0001', 'trace-second-0002'])(
    '%s shows in a gateway line and in the service line it caused',
    async (correlationId) => {
      await submit(correlationId);
      const serviceLine = await waitForServiceLine(correlationId);
      expect(serviceLine).toMatchObject({ service: 'user-data-service', level: 'error', correlationId });
      const gatewayLines = parseLines(gatewayOutput.join(''));
      expect(gatewayLines).toContainEqual(
        expect.objectContaining({ service: 'api-gateway', msg: 'rpc answered', correlationId }),
      );
    },
  );
});
