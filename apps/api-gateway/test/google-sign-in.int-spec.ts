import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { Controller, INestApplication, INestMicroservice, Module } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  ApiError,
  AuthMessages,
  AuthPatterns,
  ErrorCode,
  ExchangeOAuthCodeRpcSchema,
  GoogleSignInRpcSchema,
  Role,
  UserStatus,
} from '@app/contracts';
import type {
  ExchangeOAuthCodeRpc,
  GoogleSignInRpc,
  OAuthCode,
  RpcEnvelope,
  SessionToken,
} from '@app/contracts';
import { DEFAULT_GOOGLE_IDENTITY, workspaceRoot } from '@app/server-testing';
import type { GoogleOAuthFake } from '@app/server-testing';
import { startFakeService, startGateway } from './gateway-harness';

const STATE_COOKIE = 'streamly_oauth_state';
const BINDING_COOKIE = 'streamly_oauth_binding';

/**
 * Stands in for auth-service on the real TCP transport: records each verified profile and answers a one-time code;
 * records each exchange the gateway forwards and answers a session (checking the binding is auth-service's part,
 * tested there).
 */
const signIns: Array<{ envelope: RpcEnvelope<GoogleSignInRpc>; code: string }> = [];
const exchanges: ExchangeOAuthCodeRpc[] = [];

@Controller()
class FakeAuthController {
  @MessagePattern(AuthPatterns.googleSignIn)
  googleSignIn(@Payload() envelope: RpcEnvelope<GoogleSignInRpc>): OAuthCode {
    GoogleSignInRpcSchema.parse(envelope.data);
    const code = randomBytes(32).toString('base64url');
    signIns.push({ envelope, code });
    return { code };
  }

  @MessagePattern(AuthPatterns.exchangeOAuthCode)
  exchange(@Payload() { data }: RpcEnvelope<ExchangeOAuthCodeRpc>): SessionToken {
    exchanges.push(ExchangeOAuthCodeRpcSchema.parse(data));
    return {
      token: 'session-token',
      user: {
        id: 'a'.repeat(24),
        username: 'Google Viewer',
        email: DEFAULT_GOOGLE_IDENTITY.email,
        role: Role.User,
        status: UserStatus.Active,
        createdAt: '2026-01-01T00:00:00.000Z',
        profileImage: null,
        hasPassword: false,
        emailVerified: true,
      },
    };
  }
}

@Module({ controllers: [FakeAuthController] })
class FakeAuthModule {}

/**
 * `startGoogleOAuthFake` from @app/server-testing, run in a child node process: oauth2-mock-server is ESM-only
 * and Jest's CommonJS runtime cannot import it. The child prints the fake's env and stops when its stdin closes.
 */
const startGoogleOAuthFakeProcess = async (): Promise<GoogleOAuthFake> => {
  const fakeModule = path.join(workspaceRoot(), 'libs/server-testing/src/fakes/google-oauth.ts');
  const script = `require(${JSON.stringify(fakeModule)}).startGoogleOAuthFake().then((fake) => {
    process.stdout.write(JSON.stringify(fake.env) + '\\n');
    process.stdin.on('end', () => fake.stop().then(() => process.exit(0)));
    process.stdin.resume();
  });`;
  const child: ChildProcess = spawn(process.execPath, ['-r', '@swc-node/register', '-e', script], {
    cwd: workspaceRoot(),
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`Google OAuth fake exited early (code ${String(code)})`);
  });
  const firstLine = once(createInterface({ input: child.stdout ?? process.stdin }), 'line').then(([line]) =>
    String(line),
  );
  const env = JSON.parse(await Promise.race([firstLine, exited])) as GoogleOAuthFake['env'];
  exited.catch(() => undefined);
  return {
    env,
    stop: async () => {
      if (child.exitCode !== null) return;
      const stopped = once(child, 'exit');
      child.stdin?.end();
      await stopped;
    },
  };
};

const manual = (url: string, cookie?: string) =>
  fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });

/** The Set-Cookie header of cookie `name` the response carries. */
const setCookieHeader = (res: Response, name: string) =>
  res.headers
    .getSetCookie()
    .find((header) => header.startsWith(`${name}=`) && !header.startsWith(`${name}=;`));

/** The `name=value` pair of a Set-Cookie header the response carries. */
const setCookie = (res: Response, name: string) =>
  res.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .find((pair) => pair.startsWith(`${name}=`) && pair.length > name.length + 1);

type Started = { authorizeUrl: URL; stateCookie: string };

/** GET /auth/google as a browser would: a redirect to Google plus the state cookie. */
const startSignIn = async (gatewayUrl: string): Promise<Started> => {
  const res = await manual(`${gatewayUrl}/auth/google`);
  expect(res.status).toBe(302);
  const stateCookie = setCookie(res, STATE_COOKIE);
  expect(stateCookie).toBeDefined();
  return { authorizeUrl: new URL(res.headers.get('location') ?? ''), stateCookie: stateCookie ?? '' };
};

/** Google (the fake) approves at once and sends the browser back to the callback with code and state. */
const approveAtGoogle = async (authorizeUrl: URL) => {
  const res = await manual(authorizeUrl.href);
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location') ?? '');
};

describe('Google sign-in through the gateway', () => {
  let google: GoogleOAuthFake;
  let auth: INestMicroservice;
  let gateway: INestApplication;
  let url: string;

  beforeAll(async () => {
    google = await startGoogleOAuthFakeProcess();
    ({ app: auth } = await startFakeService(FakeAuthModule));
    ({ app: gateway, url } = await startGateway({
      ...google.env,
    }));
  });

  afterAll(async () => {
    await gateway?.close();
    await auth?.close();
    await google?.stop();
  });

  it('GET /auth/google redirects to Google with the client id, callback URL, scopes and a state matching an HttpOnly cookie', async () => {
    const res = await manual(`${url}/auth/google`);
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(google.env.GOOGLE_AUTH_URL);
    expect(location.searchParams.get('response_type')).toBe('code');
    expect(location.searchParams.get('client_id')).toBe(google.env.GOOGLE_CLIENT_ID);
    expect(location.searchParams.get('redirect_uri')).toBe(`${url}/auth/google/callback`);
    expect(location.searchParams.get('scope')?.split(' ')).toEqual(
      expect.arrayContaining(['openid', 'email', 'profile']),
    );
    const state = location.searchParams.get('state');
    expect(state).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const header = res.headers.getSetCookie().find((cookie) => cookie.startsWith(`${STATE_COOKIE}=`)) ?? '';
    expect(header).toContain(`${STATE_COOKIE}=${state};`);
    expect(header).toMatch(/HttpOnly/i);
    expect(header).toMatch(/Path=\/auth\/google/);
  });

  it('the callback hands the verified profile to auth-service and redirects to /oauth-success with its one-time code', async () => {
    const before = signIns.length;
    const { authorizeUrl, stateCookie } = await startSignIn(url);
    const callbackUrl = await approveAtGoogle(authorizeUrl);
    expect(`${callbackUrl.origin}${callbackUrl.pathname}`).toBe(`${url}/auth/google/callback`);
    expect(callbackUrl.searchParams.get('state')).toBe(authorizeUrl.searchParams.get('state'));

    const res = await manual(callbackUrl.href, stateCookie);
    expect(res.status).toBe(302);
    expect(signIns).toHaveLength(before + 1);
    const { envelope, code } = signIns[before];
    expect(res.headers.get('location')).toBe(`/oauth-success?token=${encodeURIComponent(code)}`);
    expect(envelope.data).toEqual({
      googleId: DEFAULT_GOOGLE_IDENTITY.sub,
      email: DEFAULT_GOOGLE_IDENTITY.email,
      emailVerified: true,
      displayName: DEFAULT_GOOGLE_IDENTITY.name,
      picture: null,
      browserBindingHash: expect.stringMatching(/^[a-f0-9]{64}$/),
    });
    expect(envelope.correlationId).toBe(res.headers.get('x-correlation-id'));
    // The state cookie is single-use: the callback clears it.
    expect(res.headers.getSetCookie().some((cookie) => cookie.startsWith(`${STATE_COOKIE}=;`))).toBe(true);
  });

  it.each([
    ['a forged state', (callback: URL) => callback.searchParams.set('state', 'x'.repeat(32)), true],
    [
      'a state from another sign-in',
      (callback: URL) => callback.searchParams.set('state', randomBytes(24).toString('base64url')),
      true,
    ],
    ['no state', (callback: URL) => callback.searchParams.delete('state'), true],
    ['no state cookie', () => undefined, false],
  ])(
    'a callback with %s redirects to /oauth-success without a token and signs nobody in',
    async (_, tamper, withCookie) => {
      const before = signIns.length;
      const { authorizeUrl, stateCookie } = await startSignIn(url);
      const callbackUrl = await approveAtGoogle(authorizeUrl);
      tamper(callbackUrl);
      const res = await manual(callbackUrl.href, withCookie ? stateCookie : undefined);
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('/oauth-success');
      expect(signIns).toHaveLength(before);
    },
  );

  describe('the one-time code is bound to the browser that came back from Google (login CSRF)', () => {
    /** Through Google and back: the browser's cookies after the callback, and the code it was sent to exchange. */
    const signInToCode = async () => {
      const before = signIns.length;
      const { authorizeUrl, stateCookie } = await startSignIn(url);
      const res = await manual((await approveAtGoogle(authorizeUrl)).href, stateCookie);
      return { res, code: signIns[before].code, hash: signIns[before].envelope.data.browserBindingHash };
    };
    const exchange = (code: string, cookie?: string) =>
      fetch(`${url}/api/auth/oauth/exchange`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
        body: JSON.stringify({ code }),
      });

    it('the callback sets an HttpOnly, SameSite=Lax cookie for the exchange alone, whose SHA-256 auth-service keeps with the code', async () => {
      const { res, hash } = await signInToCode();
      const header = setCookieHeader(res, BINDING_COOKIE) ?? '';
      expect(header).toMatch(/HttpOnly/i);
      expect(header).toMatch(/SameSite=Lax/i);
      expect(header).toMatch(/Path=\/api\/auth\/oauth(;|$)/);
      const nonce = (setCookie(res, BINDING_COOKIE) ?? '').slice(BINDING_COOKIE.length + 1);
      expect(nonce).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(createHash('sha256').update(nonce).digest('hex')).toBe(hash);
    });

    it('the browser with the cookie exchanges its code: the nonce goes to auth-service, the cookie is spent', async () => {
      const { res, code } = await signInToCode();
      const cookie = setCookie(res, BINDING_COOKIE) ?? '';
      const before = exchanges.length;
      const answer = await exchange(code, cookie);
      expect(answer.status).toBe(200);
      expect(((await answer.json()) as SessionToken).token).toBe('session-token');
      // With the browser and address of the sign-in: its device's name and the new-device mail (issue 27).
      expect(exchanges.slice(before)).toEqual([
        {
          code,
          browserBinding: cookie.split('=')[1],
          clientIp: expect.any(String),
          userAgent: expect.any(String),
        },
      ]);
      expect(answer.headers.getSetCookie().some((header) => header.startsWith(`${BINDING_COOKIE}=;`))).toBe(
        true,
      );
    });

    it.each([
      ['without the binding cookie', undefined],
      ['with a malformed binding cookie', `${BINDING_COOKIE}=not-a-nonce`],
      ['with only the state cookie', `${STATE_COOKIE}=${'x'.repeat(32)}`],
    ])('a code exchanged %s is refused (401) and never reaches auth-service', async (_, cookie) => {
      const { code } = await signInToCode();
      const before = exchanges.length;
      const answer = await exchange(code, cookie);
      expect(answer.status).toBe(401);
      expect((await answer.json()) as ApiError).toMatchObject({
        code: ErrorCode.Unauthorized,
        message: AuthMessages.oauthCodeInvalid,
      });
      expect(exchanges).toHaveLength(before);
    });

    it('a malformed code is still a 400, cookie or not', async () => {
      const answer = await exchange('../../etc');
      expect(answer.status).toBe(400);
    });
  });

  it('a user who cancels at Google (error=access_denied) lands on /oauth-success without a token', async () => {
    const before = signIns.length;
    const { authorizeUrl, stateCookie } = await startSignIn(url);
    const res = await manual(
      `${url}/auth/google/callback?error=access_denied&state=${authorizeUrl.searchParams.get('state')}`,
      stateCookie,
    );
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/oauth-success');
    expect(signIns).toHaveLength(before);
  });
});

describe('Google sign-in when it is not configured', () => {
  let gateway: INestApplication;
  let url: string;

  beforeAll(async () => {
    ({ app: gateway, url } = await startGateway({}));
  });

  afterAll(async () => {
    await gateway?.close();
  });

  it.each(['/auth/google', '/auth/google/callback?code=abc&state=def'])(
    'GET %s answers 503 "Google sign-in is not configured"',
    async (path) => {
      const res = await manual(`${url}${path}`);
      expect(res.status).toBe(503);
      expect((await res.json()) as ApiError).toMatchObject({
        code: ErrorCode.ServiceUnavailable,
        message: 'Google sign-in is not configured',
      });
    },
  );
});
