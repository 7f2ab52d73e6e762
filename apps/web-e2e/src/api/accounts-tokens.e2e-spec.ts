import { AUTH_REQUIRED_MESSAGE, AuthMessages } from '@app/contracts';
import { call, decodeJwtPayload, devJwtSecret, signIn, signJwt, uniqueEmail } from '../support/api';
import { type Actors, expectStatus, expectError, me, setUpActors } from '../support/accounts';

/**
 * The accounts HTTP API through the gateway: tokens missing, malformed, forged, tampered, expired, revoked.
 * Every test makes its own users, so the suite runs again on the same system.
 */

describe('accounts API: tokens', () => {
  let actors: Actors;

  beforeAll(async () => {
    actors = await setUpActors();
  });

  const withAuthorization = (authorization: string) =>
    call('GET', '/api/user', { headers: { authorization } });

  it.each(['Bearer', 'Bearer ', 'Basic dXNlcjpwYXNz', 'bearer abc', 'Bearer a b', 'Token abc.def.ghi'])(
    'authorization %p → 401',
    async (header) => {
      expectError(await withAuthorization(header), 401, AUTH_REQUIRED_MESSAGE);
    },
  );

  it('no token on a private route → 401 Authentication required', async () => {
    expectError(await call('GET', '/api/user'), 401, AUTH_REQUIRED_MESSAGE);
    expectError(await call('GET', '/api/users'), 401, AUTH_REQUIRED_MESSAGE);
  });

  it('a token signed with another key (forged) → 401', async () => {
    const claims = decodeJwtPayload(actors.user.token);
    const forged = signJwt(claims, 'not-the-server-secret-0123456789abcdef');
    expectError(await me(forged), 401, AuthMessages.sessionExpired);
    expectError(
      await call('GET', '/api/users', { token: signJwt({ ...claims, sub: actors.adminId }, 'guess') }),
      401,
      AuthMessages.sessionExpired,
    );
  });

  it("a real token with someone else's id pasted in (tampered) → 401", async () => {
    const [header, , signature] = actors.user.token.split('.');
    const payload = Buffer.from(
      JSON.stringify({ ...decodeJwtPayload(actors.user.token), sub: actors.adminId }),
    ).toString('base64url');
    expectError(
      await call('GET', '/api/users', { token: `${header}.${payload}.${signature}` }),
      401,
      AuthMessages.sessionExpired,
    );
  });

  it('an unsigned token (alg none) → 401', async () => {
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify(decodeJwtPayload(actors.user.token))).toString('base64url')}.`;
    expectError(await me(none), 401, AuthMessages.sessionExpired);
  });

  it('an expired token, otherwise valid (right key, live session) → 401', async () => {
    const claims = decodeJwtPayload(actors.user.token);
    const now = Math.floor(Date.now() / 1000);
    const secret = devJwtSecret();
    // The control: the same claims with a future expiry are accepted, so the expiry alone is what is refused.
    expectStatus(await me(signJwt({ ...claims, iat: now - 120, exp: now + 600 }, secret)), 200);
    expectError(
      await me(signJwt({ ...claims, iat: now - 120, exp: now - 60 }, secret)),
      401,
      AuthMessages.sessionExpired,
    );
  });

  it('a revoked token (after logout) → 401, also for the logout itself', async () => {
    const { token } = await signIn(actors.user);
    expectStatus(await me(token), 200);
    expectStatus(await call('POST', '/api/auth/logout', { token }), 204);
    expectError(await me(token), 401, AuthMessages.sessionExpired);
    expectError(await call('POST', '/api/auth/logout', { token }), 401, AuthMessages.sessionExpired);
  });

  it('a stale token on a public route is treated as a visitor', async () => {
    const { token } = await signIn(actors.user);
    await call('POST', '/api/auth/logout', { token });
    expectStatus(await call('GET', '/api/auth/captcha', { token }), 200);
    expectStatus(
      await call('POST', '/api/auth/forgot-password', { token, body: { email: uniqueEmail('nobody') } }),
      200,
    );
  });

  // Known deviation (reported): a bearer token over 4096 characters fails auth-service's RPC validation and the
  // gateway answers 400 "Invalid request: token Too big…" instead of treating it as an unusable token.
  it('an oversized token on a private route → 401', async () => {
    expectError(await me('a'.repeat(5000)), 401);
  });

  it('an oversized token on a public route is treated as a visitor', async () => {
    expectStatus(await call('GET', '/api/auth/captcha', { token: 'a'.repeat(5000) }), 200);
  });
});
