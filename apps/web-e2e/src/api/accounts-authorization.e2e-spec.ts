import { AuthMessages } from '@app/contracts';
import type { LoginResponse, User, UserList } from '@app/contracts';
import {
  adminSignIn,
  type Answer,
  call,
  type Credentials,
  DEMO_ADMIN,
  isApiError,
  signIn,
  signUp,
  solveCaptcha,
  uniqueEmail,
} from '../support/api';
import { type Actors, expectStatus, listUsers, idOf, setUpActors } from '../support/accounts';

/**
 * The accounts HTTP API (issue 4) through the gateway and a real auth-service: every endpoint × {visitor, user, another user, admin}.
 * Every test makes its own users, so the suite runs again on the same system.
 */

type Caller = 'visitor' | 'user' | 'another user' | 'admin';
const CALLERS: Caller[] = ['visitor', 'user', 'another user', 'admin'];

type Row = {
  endpoint: string;
  /** The designed status for visitor, user, another user, admin. */
  statuses: [number, number, number, number];
  run(caller: Caller, actors: Actors): Promise<Answer>;
  /** Extra checks of a successful answer. */
  check?(answer: Answer, caller: Caller, actors: Actors): void | Promise<void>;
};

const tokenOf = (caller: Caller, { user, another, adminToken }: Actors) =>
  ({ visitor: undefined, user: user.token, 'another user': another.token, admin: adminToken })[caller];

/** The caller's own credentials (a visitor has none: an address nobody registered). */
const credentialsOf = (caller: Caller, { user, another }: Actors): Credentials =>
  ({
    visitor: { email: uniqueEmail('nobody'), password: 'Pw-nobody-123' },
    user: { email: user.email, password: user.password },
    'another user': { email: another.email, password: another.password },
    admin: DEMO_ADMIN,
  })[caller];

/** A second session of the caller, so logging it out leaves the shared one alive. */
const freshTokenOf = async (caller: Caller, actors: Actors) => {
  if (caller === 'visitor') return undefined;
  if (caller === 'admin') return adminSignIn();
  return (await signIn(credentialsOf(caller, actors))).token;
};

const MATRIX: Row[] = [
  {
    endpoint: 'GET /api/auth/captcha',
    statuses: [200, 200, 200, 200],
    run: (c, a) => call('GET', '/api/auth/captcha', { token: tokenOf(c, a) }),
  },
  {
    endpoint: 'GET /api/auth/captcha/challenge',
    statuses: [200, 200, 200, 200],
    run: (c, a) => call('GET', '/api/auth/captcha/challenge', { token: tokenOf(c, a) }),
  },
  {
    endpoint: 'POST /api/signup (a new email)',
    statuses: [201, 201, 201, 201],
    run: (c, a) =>
      call('POST', '/api/signup', {
        token: tokenOf(c, a),
        body: { username: 'E-to-E matrix', email: uniqueEmail('matrix-signup'), password: 'Pw-matrix-123' },
      }),
    check: (answer) => expect(answer.body).toEqual({ message: AuthMessages.registered }),
  },
  {
    endpoint: 'POST /api/auth/login (own credentials)',
    statuses: [401, 200, 200, 200],
    run: async (c, a) =>
      call('POST', '/api/auth/login', {
        token: tokenOf(c, a),
        body: { ...credentialsOf(c, a), recaptchaToken: await solveCaptcha() },
      }),
    check: (answer, c, a) =>
      expect((answer.body as LoginResponse).user.email).toBe(credentialsOf(c, a).email.toLowerCase()),
  },
  {
    endpoint: 'POST /api/auth/admin/login (own credentials)',
    statuses: [401, 403, 403, 200],
    run: async (c, a) =>
      call('POST', '/api/auth/admin/login', {
        token: tokenOf(c, a),
        body: { ...credentialsOf(c, a), recaptchaToken: await solveCaptcha() },
      }),
  },
  {
    endpoint: 'POST /api/auth/logout (a session of its own)',
    statuses: [401, 204, 204, 204],
    run: async (c, a) => call('POST', '/api/auth/logout', { token: await freshTokenOf(c, a) }),
  },
  {
    endpoint: 'GET /api/user',
    statuses: [401, 200, 200, 200],
    run: (c, a) => call('GET', '/api/user', { token: tokenOf(c, a) }),
    check: (answer, c, a) =>
      expect((answer.body as User).id).toBe(
        { visitor: '', user: a.user.id, 'another user': a.another.id, admin: a.adminId }[c],
      ),
  },
  {
    // Every caller already has a password; the first-password rule answers 409.
    endpoint: 'POST /api/set-password (has a password)',
    statuses: [401, 409, 409, 409],
    run: (c, a) =>
      call('POST', '/api/set-password', { token: tokenOf(c, a), body: { newPassword: 'Pw-another-123' } }),
  },
  {
    endpoint: 'POST /api/auth/forgot-password (unknown email)',
    statuses: [200, 200, 200, 200],
    run: (c, a) =>
      call('POST', '/api/auth/forgot-password', {
        token: tokenOf(c, a),
        body: { email: uniqueEmail('nobody') },
      }),
    check: (answer) => expect(answer.body).toEqual({ message: AuthMessages.otpSent }),
  },
  {
    endpoint: 'POST /api/auth/verify-otp (no OTP requested)',
    statuses: [400, 400, 400, 400],
    run: (c, a) =>
      call('POST', '/api/auth/verify-otp', {
        token: tokenOf(c, a),
        body: { email: a.user.email, otp: '123456' },
      }),
  },
  {
    endpoint: 'POST /api/auth/reset-password (no OTP requested)',
    statuses: [400, 400, 400, 400],
    run: (c, a) =>
      call('POST', '/api/auth/reset-password', {
        token: tokenOf(c, a),
        // An email of its own per call: wrong codes count per email (5 an hour), whoever sends them.
        body: { email: uniqueEmail('reset-no-otp'), otp: '123456', newPassword: 'Pw-reset-1234' },
      }),
  },
  {
    endpoint: 'POST /api/auth/oauth/exchange (unknown code)',
    statuses: [401, 401, 401, 401],
    run: (c, a) =>
      call('POST', '/api/auth/oauth/exchange', { token: tokenOf(c, a), body: { code: 'A'.repeat(43) } }),
  },
  {
    endpoint: 'GET /auth/google',
    statuses: [302, 302, 302, 302],
    run: (c, a) => call('GET', '/auth/google', { token: tokenOf(c, a) }),
    check: (answer) =>
      expect(answer.headers.get('location')).toMatch(/[?&]response_type=code&.*[?&]state=[\w-]{20,}/),
  },
  {
    endpoint: 'GET /auth/google/callback (state not issued)',
    statuses: [302, 302, 302, 302],
    run: (c, a) =>
      call('GET', '/auth/google/callback?code=some-code&state=forged-state', { token: tokenOf(c, a) }),
    check: (answer) => expect(answer.headers.get('location')).toBe('/oauth-success'),
  },
  {
    endpoint: 'GET /api/users',
    statuses: [401, 403, 403, 200],
    run: (c, a) => call('GET', '/api/users', { token: tokenOf(c, a) }),
    // The first page (24 newest, like the movie list); every page together holds every actor.
    check: async (answer, _c, a) => {
      const first = answer.body as UserList;
      expect(first).toMatchObject({ success: true, page: 1, pageSize: 24 });
      expect(first.data).toHaveLength(Math.min(24, first.total));
      expect((await listUsers(a.adminToken)).map((u) => u.id)).toEqual(
        expect.arrayContaining([a.user.id, a.another.id, a.adminId]),
      );
    },
  },
  {
    endpoint: 'PUT /api/users/:id (the user)',
    statuses: [401, 403, 403, 200],
    run: (c, a) =>
      call('PUT', `/api/users/${a.user.id}`, {
        token: tokenOf(c, a),
        body: { username: `E-to-E renamed by ${c}` },
      }),
    check: (answer) =>
      expect(answer.body).toMatchObject({
        success: true,
        data: { username: 'E-to-E renamed by admin' },
        message: AuthMessages.userUpdated,
      }),
  },
  {
    endpoint: 'PUT /api/users/:id/role (the user, to user)',
    statuses: [401, 403, 403, 200],
    run: (c, a) =>
      call('PUT', `/api/users/${a.user.id}/role`, { token: tokenOf(c, a), body: { role: 'user' } }),
    check: (answer) => expect(answer.body).toMatchObject({ success: true, data: { role: 'user' } }),
  },
  {
    endpoint: 'DELETE /api/users/:id (a throwaway user)',
    statuses: [401, 403, 403, 200],
    run: async (c, a) => {
      const { email } = await signUp('throwaway');
      const id = await idOf(a.adminToken, email);
      const answer = await call('DELETE', `/api/users/${id}`, { token: tokenOf(c, a) });
      const stillThere = (await listUsers(a.adminToken)).some((u) => u.id === id);
      expect(stillThere).toBe(c !== 'admin' || answer.status !== 200);
      return answer;
    },
    check: (answer) => expect(answer.body).toEqual({ success: true, message: AuthMessages.userRemoved }),
  },
];

const CELLS = MATRIX.flatMap((row) => CALLERS.map((caller, i) => ({ row, caller, status: row.statuses[i] })));

describe('accounts API: authorization matrix', () => {
  let actors: Actors;

  beforeAll(async () => {
    actors = await setUpActors();
  });

  it.each(CELLS.map((cell) => [cell.row.endpoint, cell.caller, cell.status, cell] as const))(
    '%s as %s → %i',
    async (_endpoint, caller, status, { row }) => {
      const answer = await row.run(caller, actors);
      expectStatus(answer, status);
      if (status >= 400) expect(isApiError(answer.body)).toBe(true);
      if (status < 300) await row.check?.(answer, caller, actors);
    },
  );
});
