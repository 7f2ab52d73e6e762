import { mkdtempSync } from 'node:fs';
import { randomInt } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Controller, INestApplication, INestMicroservice, Module } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  AuthMessages,
  CONTACT_SENT_MESSAGE,
  ContactPatterns,
  ErrorCode,
  MoviePatterns,
  RATE_LIMITED_MESSAGE,
} from '@app/contracts';
import type { ApiError, ContactMessage, LoginResponse, RpcEnvelope } from '@app/contracts';
import {
  findFreePort,
  solveAltcha,
  suiteInfra,
  uniqueSuffix,
  type AltchaChallenge,
} from '@app/server-testing';
import { SHARED_ADDRESS_FACTOR } from '../src/rate-limit/rate-limits';
import { startFakeService, startGateway } from './gateway-harness';
import { startServiceProcess, type ServiceProcess } from './service-process';

/**
 * The gateway's per-client rate limits (issue 14, findings 8 and 11), counted in the suite's real Redis, with low
 * budgets so a few requests reach them. The contact form's captcha is checked by the real auth-service (its own
 * process: ALTCHA keys, spent solutions in Redis) and signed-in callers are its real sessions; the catalogue and
 * user-data stand-ins only answer. Every test is its own client (its own X-Forwarded-For address, which the gateway
 * trusts from loopback as from its ingress), so no test spends another's budget, in this run or the next.
 */

const LIMITS = { RATE_LIMIT_PER_MINUTE: 8, RATE_LIMIT_BROWSE_PER_MINUTE: 3, RATE_LIMIT_CONTACT_PER_HOUR: 5 };

/** Addresses of this run: two random octets, then one per client. */
const run = [randomInt(256), randomInt(256)];
let clients = 0;
/** A /64 of this run (2001:db8::/32 is the documentation prefix), `n` telling /64s apart. */
const ipv6Net = (n: number) => `2001:db8:${run[0].toString(16)}${run[1].toString(16)}:${n}`;
/** One client: an IPv6 /64 of its own (an IPv4 address counts as many clients, see SHARED_ADDRESS_FACTOR). */
const newIp = () => `${ipv6Net(1000 + ++clients)}::1`;
/** A carrier's shared IPv4 address. */
const newIpv4 = () => `10.${run[0]}.${run[1]}.${++clients}`;

const stored: ContactMessage[] = [];

@Controller()
class FakeCatalogueController {
  @MessagePattern(MoviePatterns.genres)
  genres() {
    return ['Drama'];
  }

  @MessagePattern(MoviePatterns.sections)
  sections() {
    return { hero: null, newlyLaunched: [], topRated: [], free: [], premium: [], popular: [], trending: [] };
  }
}

@Controller()
class FakeUserDataController {
  @MessagePattern(ContactPatterns.submit)
  submit(@Payload() { data }: RpcEnvelope<ContactMessage>) {
    stored.push(data);
    return { id: String(stored.length).padStart(24, '0') };
  }
}

@Module({ controllers: [FakeCatalogueController] })
class FakeCatalogueModule {}
@Module({ controllers: [FakeUserDataController] })
class FakeUserDataModule {}

type Answer = { status: number; body: unknown; headers: Headers };

describe('per-client rate limits at the gateway', () => {
  let auth: ServiceProcess;
  let catalogue: INestMicroservice;
  let userData: INestMicroservice;
  let gateway: INestApplication;
  let url: string;

  beforeAll(async () => {
    const infra = suiteInfra('gateway-rate-limits');
    auth = await startServiceProcess('auth-service', {
      MONGODB_URI: infra.mongoUri,
      MONGODB_DB: infra.mongoDb,
      REDIS_URL: infra.redisUrl,
      OUTBOX_DIR: mkdtempSync(path.join(tmpdir(), 'outbox-')),
      JWT_SECRET: 'test-jwt-secret-0123456789-abcdefghijklmnop',
      ALTCHA_HMAC_KEY: 'test-altcha-key-0123456789-abcdefghijklmnop',
      OTP_HMAC_KEY: 'test-otp-hmac-key-0123456789-abcdefghijklm',
    });
    ({ app: catalogue } = await startFakeService(FakeCatalogueModule));
    ({ app: userData } = await startFakeService(FakeUserDataModule));
    ({ app: gateway, url } = await startGateway({
      ...LIMITS,
    }));
  });

  afterAll(async () => {
    await gateway?.close();
    await catalogue?.close();
    await userData?.close();
    await auth?.stop();
  });

  const call = async (
    method: string,
    urlPath: string,
    { ip, token, body }: { ip: string; token?: string; body?: unknown },
  ): Promise<Answer> => {
    const res = await fetch(`${url}${urlPath}`, {
      method,
      headers: {
        'x-forwarded-for': ip,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null, headers: res.headers };
  };
  const genres = (ip: string, token?: string) => call('GET', '/api/movies/genres', { ip, token });
  const statusesOf = async (requests: Array<() => Promise<Answer>>) => {
    const statuses: number[] = [];
    for (const request of requests) statuses.push((await request()).status);
    return statuses;
  };
  const times = <T>(count: number, make: (i: number) => T) =>
    Array.from({ length: count }, (_, i) => make(i));

  /** The house error body of a 429, with Retry-After in whole seconds within `maxSeconds`. */
  const expectRateLimited = (answer: Answer, maxSeconds: number) => {
    expect(answer.status).toBe(429);
    expect(answer.body as ApiError).toEqual({
      code: ErrorCode.RateLimited,
      message: RATE_LIMITED_MESSAGE,
      correlationId: answer.headers.get('x-correlation-id'),
    });
    const retryAfter = Number(answer.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
    return retryAfter;
  };

  describe('the default budget (RATE_LIMIT_PER_MINUTE, per client across routes)', () => {
    it('answers the request after the budget 429 with Retry-After and the house error body, on every route', async () => {
      const ip = newIp();
      expect(await statusesOf(times(LIMITS.RATE_LIMIT_PER_MINUTE, () => () => genres(ip)))).toEqual(
        times(LIMITS.RATE_LIMIT_PER_MINUTE, () => 200),
      );
      expectRateLimited(await genres(ip), 60);
      // One budget across routes: the client is refused elsewhere too.
      expectRateLimited(await call('GET', '/api/movies/sections', { ip }), 60);
    });

    it('gives two clients two budgets', async () => {
      const [spent, fresh] = [newIp(), newIp()];
      await statusesOf(times(LIMITS.RATE_LIMIT_PER_MINUTE + 1, () => () => genres(spent)));
      expect((await genres(spent)).status).toBe(429);
      expect((await genres(fresh)).status).toBe(200);
    });

    it('counts IPv6 clients by their /64: two addresses of one /64 share a budget, the next /64 has its own', async () => {
      const net = ipv6Net(1);
      const half = LIMITS.RATE_LIMIT_PER_MINUTE / 2;
      const first = await statusesOf(times(half, () => () => genres(`${net}::1`)));
      const second = await statusesOf(times(half, () => () => genres(`${net}:ffff:1:2:3`)));
      expect([...first, ...second]).toEqual(times(LIMITS.RATE_LIMIT_PER_MINUTE, () => 200));
      expectRateLimited(await genres(`${net}:0:0:0:99`), 60);
      expect((await genres(`${ipv6Net(2)}::1`)).status).toBe(200);
    });

    it('gives a visitor behind an IPv4 address (carrier-grade NAT) ten times one client’s budget', async () => {
      const ip = newIpv4();
      const budget = LIMITS.RATE_LIMIT_PER_MINUTE * SHARED_ADDRESS_FACTOR;
      expect(SHARED_ADDRESS_FACTOR).toBe(10);
      expect(await statusesOf(times(budget, () => () => genres(ip)))).toEqual(times(budget, () => 200));
      expectRateLimited(await genres(ip), 60);
      // Written as IPv4-mapped IPv6 (a dual-stack socket), it is the same shared address.
      expectRateLimited(await genres(`::ffff:${ip}`), 60);
    });

    it('counts a signed-in caller by account, wherever they connect from, apart from their address', async () => {
      const [asha, ravi] = [await signedIn('Asha'), await signedIn('Ravi')];
      // Every request from another address: only the account ties them together.
      const addresses = times(LIMITS.RATE_LIMIT_PER_MINUTE + 1, newIp);
      const spend = times(LIMITS.RATE_LIMIT_PER_MINUTE, (i) => () => genres(addresses[i], asha));
      expect(await statusesOf(spend)).toEqual(times(LIMITS.RATE_LIMIT_PER_MINUTE, () => 200));
      const last = addresses[LIMITS.RATE_LIMIT_PER_MINUTE];
      expectRateLimited(await genres(last, asha), 60);
      // From that very address, another account and a visitor still have their budgets.
      expect((await genres(last, ravi)).status).toBe(200);
      expect((await genres(last)).status).toBe(200);
    });
  });

  describe('tighter budgets', () => {
    it('limits an expensive public read per route (RATE_LIMIT_BROWSE_PER_MINUTE) while the rest of the budget stays', async () => {
      const ip = newIp();
      const sections = () => call('GET', '/api/movies/sections', { ip });
      expect(await statusesOf(times(LIMITS.RATE_LIMIT_BROWSE_PER_MINUTE, () => sections))).toEqual(
        times(LIMITS.RATE_LIMIT_BROWSE_PER_MINUTE, () => 200),
      );
      expectRateLimited(await sections(), 60);
      expect((await genres(ip)).status).toBe(200);
    });
  });

  describe('routes that are never limited', () => {
    it('lets health probes and Razorpay webhooks through however many come, without spending the budget', async () => {
      const ip = newIp();
      const many = LIMITS.RATE_LIMIT_PER_MINUTE * 2;
      expect(await statusesOf(times(many, () => () => call('GET', '/api/health/live', { ip })))).toEqual(
        times(many, () => 200),
      );
      const health = await statusesOf(times(many, () => () => call('GET', '/api/health', { ip })));
      expect(health.filter((status) => status === 429)).toEqual([]);
      // Unsigned: refused by the webhook itself (400), never by a limit.
      const webhooks = times(many, () => () => call('POST', '/api/payments/webhook', { ip, body: {} }));
      expect(await statusesOf(webhooks)).toEqual(times(many, () => 400));
      expect((await genres(ip)).status).toBe(200);
    });
  });

  describe('the contact form (issue 14, finding 11)', () => {
    const message: ContactMessage = {
      firstName: 'Meera',
      lastName: 'Iyer',
      email: 'meera@example.in',
      companyName: 'Iyer Films',
      serviceInterested: 'Partnerships',
      message: 'We would like to license our films.',
    };
    const contact = (ip: string, recaptchaToken?: string) =>
      call('POST', '/api/contact', { ip, body: { ...message, recaptchaToken } });
    const captchaRefused = (answer: Answer) => {
      expect(answer.status).toBe(403);
      expect(answer.body).toMatchObject({
        code: ErrorCode.Forbidden,
        message: AuthMessages.captchaFailed,
      });
    };

    it('stores a message that comes with a solved captcha, without the token', async () => {
      const before = stored.length;
      const answer = await contact(newIp(), await solveCaptcha());
      expect(answer).toMatchObject({ status: 200, body: { success: true, message: CONTACT_SENT_MESSAGE } });
      expect(stored.slice(before)).toEqual([message]);
    });

    it.each([
      ['without a captcha', () => Promise.resolve(undefined)],
      ['with a token that is no solution', () => Promise.resolve('not-a-captcha')],
      [
        'with a solved challenge whose cost was lowered afterwards',
        async () => {
          const payload = JSON.parse(Buffer.from(await solveCaptcha(), 'base64').toString('utf8')) as {
            challenge: { parameters: { cost: number } };
          };
          payload.challenge.parameters.cost = 1;
          return Buffer.from(JSON.stringify(payload)).toString('base64');
        },
      ],
    ])('refuses a message %s (403, as login) and stores nothing', async (_, token) => {
      const before = stored.length;
      captchaRefused(await contact(newIp(), await token()));
      expect(stored.length).toBe(before);
    });

    it('refuses a replayed captcha: a solution passes once', async () => {
      const ip = newIp();
      const token = await solveCaptcha();
      expect((await contact(ip, token)).status).toBe(200);
      const before = stored.length;
      captchaRefused(await contact(newIp(), token));
      expect(stored.length).toBe(before);
    });

    it('answers the sixth message within the hour from one client 429, for an hour, and takes the next client', async () => {
      const ip = newIp();
      const before = stored.length;
      for (let i = 0; i < LIMITS.RATE_LIMIT_CONTACT_PER_HOUR; i++)
        expect((await contact(ip, await solveCaptcha())).status).toBe(200);
      const retryAfter = expectRateLimited(await contact(ip, await solveCaptcha()), 3600);
      // The hour's budget, not the minute's.
      expect(retryAfter).toBeGreaterThan(60);
      expect(stored.length - before).toBe(LIMITS.RATE_LIMIT_CONTACT_PER_HOUR);
      expect((await contact(newIp(), await solveCaptcha())).status).toBe(200);
    });
  });

  /** A new account of auth-service, signed in (each call from an address of its own); its session token. */
  const signedIn = async (name: string): Promise<string> => {
    const account = {
      username: name,
      email: `${name.toLowerCase()}-${uniqueSuffix()}@example.in`,
      password: 'Pw-rate-limits-1',
    };
    expect((await call('POST', '/api/signup', { ip: newIp(), body: account })).status).toBe(201);
    const login = await call('POST', '/api/auth/login', {
      ip: newIp(),
      body: { email: account.email, password: account.password, recaptchaToken: await solveCaptcha() },
    });
    expect(login.status).toBe(200);
    return (login.body as LoginResponse).token;
  };

  /** What the ALTCHA widget does: a challenge (asked from an address of its own), solved. */
  const solveCaptcha = async () => {
    const { status, body } = await call('GET', '/api/auth/captcha/challenge', { ip: newIp() });
    expect(status).toBe(200);
    return solveAltcha(body as AltchaChallenge);
  };
});

describe('rate limits while Redis is away', () => {
  let catalogue: INestMicroservice;
  let gateway: INestApplication;
  let url: string;

  beforeAll(async () => {
    ({ app: catalogue } = await startFakeService(FakeCatalogueModule));
    ({ app: gateway, url } = await startGateway({
      RATE_LIMIT_PER_MINUTE: 1,
      // Nothing listens there.
      REDIS_URL: `redis://127.0.0.1:${await findFreePort()}`,
    }));
  });

  afterAll(async () => {
    await gateway?.close();
    await catalogue?.close();
  });

  it('lets requests through uncounted rather than failing them', async () => {
    for (let i = 0; i < 3; i++) expect((await fetch(`${url}/api/movies/genres`)).status).toBe(200);
  });
});
