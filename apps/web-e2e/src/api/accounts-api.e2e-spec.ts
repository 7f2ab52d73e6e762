import { AUTH_REQUIRED_MESSAGE, AuthMessages, ErrorCode, MAX_PAGE_SIZE } from '@app/contracts';
import type { LoginResponse, MessageResponse, User, UserList, UserUpdated } from '@app/contracts';
import {
  adminSignIn,
  Answer,
  call,
  Credentials,
  decodeJwtPayload,
  DEMO_ADMIN,
  devJwtSecret,
  isApiError,
  login,
  newClientIp,
  newUser,
  signIn,
  signJwt,
  signUp,
  SignedIn,
  solveCaptcha,
  uniqueEmail,
} from '../support/api';
import { mailsTo, waitForOtp } from '../support/outbox';

/**
 * The accounts HTTP API (issue 4) through the gateway and a real auth-service, against the whole system:
 * the authorization matrix, hostile input, and the flows over plain HTTP. Every test makes its own users,
 * so the suite runs again on the same system.
 */

type Caller = 'visitor' | 'user' | 'another user' | 'admin';
const CALLERS: Caller[] = ['visitor', 'user', 'another user', 'admin'];

type Actors = { user: SignedIn; another: SignedIn; adminToken: string; adminId: string };

/** Fails with the whole answer in the message, so a wrong status says why. */
const expectStatus = (answer: Answer, status: number) => {
  if (answer.status !== status) throw new Error(`expected ${status}, got ${answer.status}: ${JSON.stringify(answer.body)}`);
};

/** An error answer: the status, `{ code, message, correlationId }`, and the message when given. */
const expectError = (answer: Answer, status: number, message?: string) => {
  expectStatus(answer, status);
  expect(isApiError(answer.body)).toBe(true);
  if (message !== undefined) expect(answer.body).toMatchObject({ message });
};

/** Every user, page by page (the list is paged like the movie list). */
const listUsers = async (adminToken: string): Promise<User[]> => {
  const users: User[] = [];
  for (let page = 1; ; page++) {
    const answer = await call<UserList>('GET', `/api/users?page=${page}&pageSize=${MAX_PAGE_SIZE}`, { token: adminToken });
    expectStatus(answer, 200);
    users.push(...answer.body.data);
    if (page * answer.body.pageSize >= answer.body.total) return users;
  }
};

const idOf = async (adminToken: string, email: string) => {
  const found = (await listUsers(adminToken)).find((user) => user.email === email.toLowerCase());
  if (!found) throw new Error(`${email} is not in the users list`);
  return found.id;
};

const me = (token: string) => call<User>('GET', '/api/user', { token });

const setUpActors = async (): Promise<Actors> => {
  const adminToken = await adminSignIn();
  const [user, another, adminMe] = await Promise.all([newUser('user'), newUser('another'), me(adminToken)]);
  return { user, another, adminToken, adminId: adminMe.body.id };
};

// ---------------------------------------------------------------------------------------------------
// 1. Authorization matrix: every endpoint × {visitor, user, another user, admin}
// ---------------------------------------------------------------------------------------------------

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
  { endpoint: 'GET /api/auth/captcha', statuses: [200, 200, 200, 200], run: (c, a) => call('GET', '/api/auth/captcha', { token: tokenOf(c, a) }) },
  { endpoint: 'GET /api/auth/captcha/challenge', statuses: [200, 200, 200, 200], run: (c, a) => call('GET', '/api/auth/captcha/challenge', { token: tokenOf(c, a) }) },
  {
    endpoint: 'POST /api/signup (a new email)',
    statuses: [201, 201, 201, 201],
    run: (c, a) => call('POST', '/api/signup', { token: tokenOf(c, a), body: { username: 'E-to-E matrix', email: uniqueEmail('matrix-signup'), password: 'Pw-matrix-123' } }),
    check: (answer) => expect(answer.body).toEqual({ message: AuthMessages.registered }),
  },
  {
    endpoint: 'POST /api/auth/login (own credentials)',
    statuses: [401, 200, 200, 200],
    run: async (c, a) => call('POST', '/api/auth/login', { token: tokenOf(c, a), body: { ...credentialsOf(c, a), recaptchaToken: await solveCaptcha() } }),
    check: (answer, c, a) => expect((answer.body as LoginResponse).user.email).toBe(credentialsOf(c, a).email.toLowerCase()),
  },
  {
    endpoint: 'POST /api/auth/admin/login (own credentials)',
    statuses: [401, 403, 403, 200],
    run: async (c, a) => call('POST', '/api/auth/admin/login', { token: tokenOf(c, a), body: { ...credentialsOf(c, a), recaptchaToken: await solveCaptcha() } }),
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
    check: (answer, c, a) => expect((answer.body as User).id).toBe({ visitor: '', user: a.user.id, 'another user': a.another.id, admin: a.adminId }[c]),
  },
  {
    // Every caller already has a password; the first-password rule answers 409.
    endpoint: 'POST /api/set-password (has a password)',
    statuses: [401, 409, 409, 409],
    run: (c, a) => call('POST', '/api/set-password', { token: tokenOf(c, a), body: { newPassword: 'Pw-another-123' } }),
  },
  {
    endpoint: 'POST /api/auth/forgot-password (unknown email)',
    statuses: [200, 200, 200, 200],
    run: (c, a) => call('POST', '/api/auth/forgot-password', { token: tokenOf(c, a), body: { email: uniqueEmail('nobody') } }),
    check: (answer) => expect(answer.body).toEqual({ message: AuthMessages.otpSent }),
  },
  {
    endpoint: 'POST /api/auth/verify-otp (no OTP requested)',
    statuses: [400, 400, 400, 400],
    run: (c, a) => call('POST', '/api/auth/verify-otp', { token: tokenOf(c, a), body: { email: a.user.email, otp: '123456' } }),
  },
  {
    endpoint: 'POST /api/auth/reset-password (no OTP requested)',
    statuses: [400, 400, 400, 400],
    run: (c, a) => call('POST', '/api/auth/reset-password', { token: tokenOf(c, a), body: { email: a.user.email, otp: '123456', newPassword: 'Pw-reset-1234' } }),
  },
  {
    endpoint: 'POST /api/auth/oauth/exchange (unknown code)',
    statuses: [401, 401, 401, 401],
    run: (c, a) => call('POST', '/api/auth/oauth/exchange', { token: tokenOf(c, a), body: { code: 'A'.repeat(43) } }),
  },
  {
    endpoint: 'GET /auth/google',
    statuses: [302, 302, 302, 302],
    run: (c, a) => call('GET', '/auth/google', { token: tokenOf(c, a) }),
    check: (answer) => expect(answer.headers.get('location')).toMatch(/[?&]response_type=code&.*[?&]state=[\w-]{20,}/),
  },
  {
    endpoint: 'GET /auth/google/callback (state not issued)',
    statuses: [302, 302, 302, 302],
    run: (c, a) => call('GET', '/auth/google/callback?code=some-code&state=forged-state', { token: tokenOf(c, a) }),
    check: (answer) => expect(answer.headers.get('location')).toBe('/oauth-success'),
  },
  {
    endpoint: 'GET /api/users',
    statuses: [401, 403, 403, 200],
    run: (c, a) => call('GET', '/api/users', { token: tokenOf(c, a) }),
    check: (answer, _c, a) => expect((answer.body as UserList).data.map((u) => u.id)).toEqual(expect.arrayContaining([a.user.id, a.another.id, a.adminId])),
  },
  {
    endpoint: 'PUT /api/users/:id (the user)',
    statuses: [401, 403, 403, 200],
    run: (c, a) => call('PUT', `/api/users/${a.user.id}`, { token: tokenOf(c, a), body: { username: `E-to-E renamed by ${c}` } }),
    check: (answer) => expect(answer.body).toMatchObject({ success: true, data: { username: 'E-to-E renamed by admin' }, message: AuthMessages.userUpdated }),
  },
  {
    endpoint: 'PUT /api/users/:id/role (the user, to user)',
    statuses: [401, 403, 403, 200],
    run: (c, a) => call('PUT', `/api/users/${a.user.id}/role`, { token: tokenOf(c, a), body: { role: 'user' } }),
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

  it.each(CELLS.map((cell) => [cell.row.endpoint, cell.caller, cell.status, cell] as const))('%s as %s → %i', async (_endpoint, caller, status, { row }) => {
    const answer = await row.run(caller, actors);
    expectStatus(answer, status);
    if (status >= 400) expect(isApiError(answer.body)).toBe(true);
    if (status < 300) await row.check?.(answer, caller, actors);
  });
});

// ---------------------------------------------------------------------------------------------------
// Tokens: missing, malformed, forged, tampered, expired, revoked
// ---------------------------------------------------------------------------------------------------

describe('accounts API: tokens', () => {
  let actors: Actors;

  beforeAll(async () => {
    actors = await setUpActors();
  });

  const withAuthorization = (authorization: string) => call('GET', '/api/user', { headers: { authorization } });

  it.each(['Bearer', 'Bearer ', 'Basic dXNlcjpwYXNz', 'bearer abc', 'Bearer a b', 'Token abc.def.ghi'])('authorization %p → 401', async (header) => {
    expectError(await withAuthorization(header), 401, AUTH_REQUIRED_MESSAGE);
  });

  it('no token on a private route → 401 Authentication required', async () => {
    expectError(await call('GET', '/api/user'), 401, AUTH_REQUIRED_MESSAGE);
    expectError(await call('GET', '/api/users'), 401, AUTH_REQUIRED_MESSAGE);
  });

  it('a token signed with another key (forged) → 401', async () => {
    const claims = decodeJwtPayload(actors.user.token);
    const forged = signJwt(claims, 'not-the-server-secret-0123456789abcdef');
    expectError(await me(forged), 401, AuthMessages.sessionExpired);
    expectError(await call('GET', '/api/users', { token: signJwt({ ...claims, sub: actors.adminId }, 'guess') }), 401, AuthMessages.sessionExpired);
  });

  it("a real token with someone else's id pasted in (tampered) → 401", async () => {
    const [header, , signature] = actors.user.token.split('.');
    const payload = Buffer.from(JSON.stringify({ ...decodeJwtPayload(actors.user.token), sub: actors.adminId })).toString('base64url');
    expectError(await call('GET', '/api/users', { token: `${header}.${payload}.${signature}` }), 401, AuthMessages.sessionExpired);
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
    expectError(await me(signJwt({ ...claims, iat: now - 120, exp: now - 60 }, secret)), 401, AuthMessages.sessionExpired);
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
    expectStatus(await call('POST', '/api/auth/forgot-password', { token, body: { email: uniqueEmail('nobody') } }), 200);
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

// ---------------------------------------------------------------------------------------------------
// 2. Hostile input: 4xx with { code, message, correlationId }, never 500, nothing stored changes
// ---------------------------------------------------------------------------------------------------

const GT = { $gt: '' };
const TWO_MB = 2 * 1024 * 1024;

type HostileCase = { label: string; body?: unknown; raw?: string; contentType?: string; status?: number; mentions?: string | RegExp };

const MALFORMED_EMAILS = [
  'plainaddress',
  'asha@',
  '@streamly.in',
  'asha streamly@streamly.in',
  'asha@@streamly.in',
  'asha@streamly..in',
  '<script>alert(1)</script>@streamly.in',
  'asha@streamly.in\r\nBcc: victim@streamly.in',
  `${'a'.repeat(250)}@streamly.in`,
  '',
];

/**
 * Missing and extra fields, wrong types, operators in place of strings, malformed emails, a huge body,
 * malformed JSON and non-JSON for a body whose valid form is `valid`. `optional` fields may be left out.
 */
const hostileCases = (valid: Record<string, unknown>, { optional = [] as string[], emailFields = [] as string[] } = {}): HostileCase[] => {
  const without = (field: string) => Object.fromEntries(Object.entries(valid).filter(([key]) => key !== field));
  const perField = Object.keys(valid).flatMap((field): HostileCase[] => [
    ...(optional.includes(field) ? [] : [{ label: `without ${field}`, body: without(field), mentions: field }]),
    { label: `${field}: {"$gt": ""}`, body: { ...valid, [field]: GT }, mentions: field },
    { label: `${field}: {"$ne": null}`, body: { ...valid, [field]: { $ne: null } }, mentions: field },
    { label: `${field}: a number`, body: { ...valid, [field]: 12345678 }, mentions: field },
    { label: `${field}: an array`, body: { ...valid, [field]: [String(valid[field])] }, mentions: field },
    { label: `${field}: null`, body: { ...valid, [field]: null }, mentions: field },
    { label: `${field}: true`, body: { ...valid, [field]: true }, mentions: field },
  ]);
  const emails = emailFields.flatMap((field) =>
    MALFORMED_EMAILS.map((email): HostileCase => ({ label: `${field}: ${JSON.stringify(email).slice(0, 40)}`, body: { ...valid, [field]: email }, mentions: field })),
  );
  return [
    { label: 'an empty object', body: {} },
    ...perField,
    ...emails,
    // Fields of the account or of the RPC payload the gateway builds (clientIp, adminOnly, userId) cannot be smuggled in.
    ...Object.entries({ role: 'admin', clientIp: '1.2.3.4', adminOnly: false, userId: 'f'.repeat(24), $where: 'sleep(1000)' })
      .filter(([field]) => !(field in valid))
      .map(([field, value]): HostileCase => ({ label: `an extra field ${field}`, body: { ...valid, [field]: value }, mentions: field })),
    { label: 'an extra field __proto__', raw: `{"__proto__":{"admin":true},${JSON.stringify(valid).slice(1)}`, mentions: /__proto__|Unrecognized/ },
    { label: 'an array', body: [valid] },
    { label: 'a JSON string', body: 'hello' },
    { label: 'malformed JSON', raw: '{"email": "asha@streamly.in",' },
    { label: 'text/plain', raw: JSON.stringify(valid), contentType: 'text/plain' },
    { label: 'a 2 MB body', raw: JSON.stringify({ ...valid, padding: 'x'.repeat(TWO_MB) }), status: 413, mentions: 'Request body is too large' },
  ];
};

type HostileEndpoint = { endpoint: string; method: string; path: (a: Actors) => string; auth?: (a: Actors) => string; cases: HostileCase[] };

const password = 'Pw-hostile-123';

const HOSTILE: HostileEndpoint[] = [
  {
    endpoint: 'POST /api/signup',
    method: 'POST',
    path: () => '/api/signup',
    cases: hostileCases({ username: 'E-to-E hostile', email: uniqueEmail('hostile-signup'), password }, { emailFields: ['email'] }),
  },
  ...(['/api/auth/login', '/api/auth/admin/login'] as const).map(
    (loginPath): HostileEndpoint => ({
      endpoint: `POST ${loginPath}`,
      method: 'POST',
      path: () => loginPath,
      // recaptchaToken may be left out: the service then refuses the captcha (400).
      cases: hostileCases({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password, recaptchaToken: 'not-a-solution' }, { optional: ['recaptchaToken'], emailFields: ['email'] }),
    }),
  ),
  {
    endpoint: 'POST /api/auth/forgot-password',
    method: 'POST',
    path: () => '/api/auth/forgot-password',
    cases: hostileCases({ email: uniqueEmail('hostile-forgot') }, { emailFields: ['email'] }),
  },
  {
    endpoint: 'POST /api/auth/verify-otp',
    method: 'POST',
    path: () => '/api/auth/verify-otp',
    cases: [
      ...hostileCases({ email: uniqueEmail('hostile-verify'), otp: '123456' }, { emailFields: ['email'] }),
      ...['12345', '1234567', 'abcdef', '12 456', '١٢٣٤٥٦'].map((otp): HostileCase => ({ label: `otp ${JSON.stringify(otp)}`, body: { email: uniqueEmail('hostile-verify'), otp }, mentions: 'otp' })),
    ],
  },
  {
    endpoint: 'POST /api/auth/reset-password',
    method: 'POST',
    path: () => '/api/auth/reset-password',
    cases: [
      ...hostileCases({ email: uniqueEmail('hostile-reset'), otp: '123456', newPassword: password }, { emailFields: ['email'] }),
      { label: 'newPassword too short', body: { email: uniqueEmail('hostile-reset'), otp: '123456', newPassword: 'short' }, mentions: 'newPassword' },
      { label: 'newPassword too long', body: { email: uniqueEmail('hostile-reset'), otp: '123456', newPassword: 'p'.repeat(129) }, mentions: 'newPassword' },
    ],
  },
  {
    endpoint: 'POST /api/auth/oauth/exchange',
    method: 'POST',
    path: () => '/api/auth/oauth/exchange',
    cases: [
      ...hostileCases({ code: 'A'.repeat(43) }),
      ...['short', 'A'.repeat(101), 'abc def ghi jkl mno pqr', '../../etc/passwd/aaaaaaaaaa'].map((code): HostileCase => ({ label: `code ${JSON.stringify(code).slice(0, 30)}`, body: { code }, mentions: 'code' })),
    ],
  },
  {
    endpoint: 'POST /api/set-password (signed in)',
    method: 'POST',
    path: () => '/api/set-password',
    auth: (a) => a.user.token,
    cases: hostileCases({ newPassword: password }),
  },
  {
    // Every field is optional (a partial edit): each case carries at least one bad value or unknown field.
    endpoint: 'PUT /api/users/:id (admin edit)',
    method: 'PUT',
    path: (a) => `/api/users/${a.user.id}`,
    auth: (a) => a.adminToken,
    cases: [
      ...['username', 'email', 'status'].flatMap((field): HostileCase[] =>
        [GT, { $ne: null }, 12345678, ['x'], null, true].map((value) => ({ label: `${field}: ${JSON.stringify(value)}`, body: { [field]: value }, mentions: field })),
      ),
      ...MALFORMED_EMAILS.map((email): HostileCase => ({ label: `email: ${JSON.stringify(email).slice(0, 40)}`, body: { email }, mentions: 'email' })),
      { label: 'username too short', body: { username: 'x' }, mentions: 'username' },
      { label: 'username too long', body: { username: 'x'.repeat(41) }, mentions: 'username' },
      { label: 'status unknown', body: { status: 'deleted' }, mentions: 'status' },
      ...['role', 'passwordHash', 'tokenVersion', 'googleId', '_id', '$set'].map((field): HostileCase => ({ label: `an extra field ${field}`, body: { username: 'E-to-E hijack', [field]: field === 'tokenVersion' ? 9 : 'admin' }, mentions: field })),
      { label: 'an array', body: [{ username: 'E-to-E hijack' }] },
      { label: 'malformed JSON', raw: '{"username": ' },
      { label: 'a 2 MB body', raw: JSON.stringify({ username: 'x'.repeat(TWO_MB) }), status: 413, mentions: 'Request body is too large' },
    ],
  },
  {
    endpoint: 'PUT /api/users/:id/role (admin)',
    method: 'PUT',
    path: (a) => `/api/users/${a.user.id}/role`,
    auth: (a) => a.adminToken,
    cases: [...hostileCases({ role: 'admin' }), { label: 'role superadmin', body: { role: 'superadmin' }, mentions: 'role' }],
  },
];

/** Ids in the path of the admin calls: 400 unless well-formed; a well-formed unknown id is 404. */
const HOSTILE_IDS: Array<[id: string, status: number]> = [
  ['not-an-id', 400],
  [encodeURIComponent('{"$gt":""}'), 400],
  ['%24gt', 400],
  ['FFFFFFFFFFFFFFFFFFFFFFFF', 400],
  ['ffffffffffffffffffffffff0', 400],
  ['..%2F..%2Fusers', 400],
  ['ffffffffffffffffffffffff', 404],
];

describe('accounts API: hostile input', () => {
  let actors: Actors;
  let before: User[];

  beforeAll(async () => {
    actors = await setUpActors();
    before = await listUsers(actors.adminToken);
  });

  const cases = HOSTILE.flatMap((endpoint) => endpoint.cases.map((c) => [endpoint.endpoint, c.label, endpoint, c] as const));

  it.each(cases)('%s: %s → 4xx with a clear message', async (_endpoint, _label, { method, path, auth }, { body, raw, contentType, status, mentions }) => {
    const answer = await call(method, path(actors), { token: auth?.(actors), body, raw, contentType });
    if (status) expectStatus(answer, status);
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect(isApiError(answer.body)).toBe(true);
    if (typeof mentions === 'string') expect((answer.body as { message: string }).message).toContain(mentions);
    if (mentions instanceof RegExp) expect((answer.body as { message: string }).message).toMatch(mentions);
  });

  it.each(HOSTILE_IDS)('admin calls on user id %p → %i', async (id, status) => {
    const { adminToken } = actors;
    expectError(await call('PUT', `/api/users/${id}`, { token: adminToken, body: { username: 'E-to-E hijack' } }), status);
    expectError(await call('PUT', `/api/users/${id}/role`, { token: adminToken, body: { role: 'admin' } }), status);
    expectError(await call('DELETE', `/api/users/${id}`, { token: adminToken }), status);
  });

  it('refused bodies are refused before the session check too (413 / 400 for a visitor)', async () => {
    expectError(await call('PUT', `/api/users/${actors.user.id}`, { raw: JSON.stringify({ username: 'x'.repeat(TWO_MB) }) }), 413);
  });

  it('changed nothing stored: the users list is identical, no hostile account exists, no mail was sent', async () => {
    expect(await listUsers(actors.adminToken)).toEqual(before);
    for (const { cases: hostile } of HOSTILE) {
      for (const { body } of hostile) {
        const email = (body as { email?: unknown } | undefined)?.email;
        if (typeof email === 'string' && email.endsWith('@e2e.streamly.in')) expect(await mailsTo(email)).toEqual([]);
      }
    }
  });
});

// ---------------------------------------------------------------------------------------------------
// 3. Flows over real HTTP
// ---------------------------------------------------------------------------------------------------

describe('accounts API: flows', () => {
  let adminToken: string;

  beforeAll(async () => {
    adminToken = await adminSignIn();
  });

  it('sign-up → login with captcha → GET /api/user; emails compared lower-cased; captcha required and single-use', async () => {
    const email = uniqueEmail('Flow.Signup').toUpperCase();
    const account = { username: 'E-to-E Asha', email, password: 'Pw-asha-12345' };
    expect(await call('POST', '/api/signup', { body: account })).toMatchObject({ status: 201, body: { message: AuthMessages.registered } });
    expectError(await call('POST', '/api/signup', { body: { ...account, email: email.toLowerCase() } }), 409, AuthMessages.emailTaken);

    expectError(await call('POST', '/api/auth/login', { body: { email, password: account.password } }), 400, AuthMessages.captchaFailed);
    expectError(await call('POST', '/api/auth/login', { body: { email, password: account.password, recaptchaToken: 'bm90LWEtc29sdXRpb24=' } }), 400, AuthMessages.captchaFailed);
    expectError(await login({ email, password: 'Pw-wrong-12345' }), 401, AuthMessages.invalidCredentials);

    const recaptchaToken = await solveCaptcha();
    const loggedIn = await call<LoginResponse>('POST', '/api/auth/login', { body: { email: email.toLowerCase(), password: account.password, recaptchaToken } });
    expectStatus(loggedIn, 200);
    const expected = { username: 'E-to-E Asha', email: email.toLowerCase(), role: 'user', status: 'active', profileImage: null, hasPassword: true };
    expect(loggedIn.body).toMatchObject({ message: AuthMessages.loggedIn, token: expect.any(String), user: expected });
    expectError(await call('POST', '/api/auth/login', { body: { email, password: account.password, recaptchaToken } }), 400, AuthMessages.captchaFailed);

    const profile = await me(loggedIn.body.token);
    expectStatus(profile, 200);
    expect(profile.body).toEqual({ ...expected, id: loggedIn.body.user.id, createdAt: loggedIn.body.user.createdAt });
    expect(Object.keys(profile.body)).not.toContain('passwordHash');
  });

  it('forgot password → OTP from the mail really sent → verify → reset → new password works, old refused, old sessions end', async () => {
    const account = await signUp('flow-reset');
    const { token: oldSession } = await signIn(account);
    const unknown = uniqueEmail('nobody');
    expect(await call('POST', '/api/auth/forgot-password', { body: { email: unknown } })).toMatchObject({ status: 200, body: { message: AuthMessages.otpSent } });
    expect(await mailsTo(unknown)).toEqual([]);

    const mailsBefore = (await mailsTo(account.email)).length;
    expect(await call<MessageResponse>('POST', '/api/auth/forgot-password', { body: { email: account.email.toUpperCase() } })).toMatchObject({ status: 200, body: { message: AuthMessages.otpSent } });
    const otp = await waitForOtp(account.email, { after: mailsBefore });

    expect(await call('POST', '/api/auth/verify-otp', { body: { email: account.email, otp } })).toMatchObject({ status: 200, body: { message: AuthMessages.otpVerified } });
    const newPassword = 'Pw-brand-new-987';
    expect(await call('POST', '/api/auth/reset-password', { body: { email: account.email, otp, newPassword } })).toMatchObject({
      status: 200,
      body: { message: AuthMessages.passwordReset },
    });
    expectError(await call('POST', '/api/auth/reset-password', { body: { email: account.email, otp, newPassword: 'Pw-again-98765' } }), 400, AuthMessages.otpExpired);

    expectError(await login(account), 401, AuthMessages.invalidCredentials);
    expectStatus(await login({ email: account.email, password: newPassword }), 200);
    expectError(await me(oldSession), 401, AuthMessages.sessionExpired);
  });

  it('the sixth OTP attempt fails even when right; a new OTP then works', async () => {
    const account = await signUp('flow-otp');
    await call('POST', '/api/auth/forgot-password', { body: { email: account.email } });
    const otp = await waitForOtp(account.email);
    const wrong = String((Number(otp) + 1) % 1_000_000).padStart(6, '0');
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expectError(await call('POST', '/api/auth/verify-otp', { body: { email: account.email, otp: wrong } }), 400, AuthMessages.otpInvalid);
    }
    expectError(await call('POST', '/api/auth/verify-otp', { body: { email: account.email, otp } }), 400, AuthMessages.otpExpired);
    expectError(await call('POST', '/api/auth/reset-password', { body: { email: account.email, otp, newPassword: 'Pw-sneaky-12345' } }), 400, AuthMessages.otpExpired);
    expectStatus(await login(account), 200);

    await call('POST', '/api/auth/forgot-password', { body: { email: account.email } });
    const second = await waitForOtp(account.email, { after: 1 });
    expectStatus(await call('POST', '/api/auth/verify-otp', { body: { email: account.email, otp: second } }), 200);
  });

  it('the login rate limit trips with 429 after 10 failures for one email, even for the right password; other accounts still sign in', async () => {
    const account = await signUp('flow-limit');
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      expectError(await login({ email: account.email, password: `Pw-wrong-${attempt}-xx` }), 401, AuthMessages.invalidCredentials);
    }
    expectError(await login(account), 429, AuthMessages.tooManyAttempts);
    expectError(await login(account, { clientIp: newClientIp() }), 429, AuthMessages.tooManyAttempts);
    expectStatus(await login(await signUp('flow-limit-other')), 200);
  });

  it('the OTP resend limit trips with 429 on the fourth request for one email', async () => {
    const email = uniqueEmail('flow-resend');
    for (let request = 1; request <= 3; request += 1) {
      expectStatus(await call('POST', '/api/auth/forgot-password', { body: { email }, clientIp: newClientIp() }), 200);
    }
    expectError(await call('POST', '/api/auth/forgot-password', { body: { email }, clientIp: newClientIp() }), 429, AuthMessages.tooManyAttempts);
  });

  it('the sign-up limit per client address trips with 429 after 20; another address still signs up', async () => {
    const clientIp = newClientIp();
    const body = (n: number) => ({ username: 'E-to-E flood', email: uniqueEmail(`flow-flood-${n}`), password: 'Pw-flood-12345' });
    for (let n = 1; n <= 20; n += 1) expectStatus(await call('POST', '/api/signup', { body: body(n), clientIp }), 201);
    expectError(await call('POST', '/api/signup', { body: body(21), clientIp }), 429, AuthMessages.tooManyAttempts);
    expectStatus(await call('POST', '/api/signup', { body: body(22), clientIp: newClientIp() }), 201);
  });

  it("admin promotes a user: the user's next request is an admin's; demoted, refused again", async () => {
    const user = await newUser('flow-promote');
    expectError(await call('GET', '/api/users', { token: user.token }), 403);
    const promoted = await call<UserUpdated>('PUT', `/api/users/${user.id}/role`, { token: adminToken, body: { role: 'admin' } });
    expect(promoted).toMatchObject({ status: 200, body: { success: true, data: { id: user.id, role: 'admin' } } });
    expect((await me(user.token)).body.role).toBe('admin');
    expectStatus(await call('GET', '/api/users', { token: user.token }), 200);
    expectStatus(await login(user, { path: '/api/auth/admin/login' }), 200);

    expectStatus(await call('PUT', `/api/users/${user.id}/role`, { token: adminToken, body: { role: 'user' } }), 200);
    expectError(await call('GET', '/api/users', { token: user.token }), 403);
    expectError(await login(user, { path: '/api/auth/admin/login' }), 403, AuthMessages.adminRequired);
  });

  it("admin suspends or bans a user: their next request and login are refused; reactivated, the session works again", async () => {
    const user = await newUser('flow-suspend');
    const suspended = await call<UserUpdated>('PUT', `/api/users/${user.id}`, { token: adminToken, body: { status: 'suspended' } });
    expect(suspended).toMatchObject({ status: 200, body: { success: true, data: { status: 'suspended' }, message: AuthMessages.userUpdated } });
    expectError(await me(user.token), 403, AuthMessages.suspended);
    expectError(await login(user), 403, AuthMessages.suspended);

    expectStatus(await call('PUT', `/api/users/${user.id}`, { token: adminToken, body: { status: 'banned' } }), 200);
    expectError(await me(user.token), 403, AuthMessages.banned);
    expectError(await login(user), 403, AuthMessages.banned);

    expectStatus(await call('PUT', `/api/users/${user.id}`, { token: adminToken, body: { status: 'active' } }), 200);
    expectStatus(await me(user.token), 200);
  });

  it('admin edits username and email: stored lower-cased, the user signs in with the new email; a taken email is 409', async () => {
    const user = await newUser('flow-edit');
    const other = await signUp('flow-edit-other');
    const email = uniqueEmail('Flow.Edited').toUpperCase();
    const edited = await call<UserUpdated>('PUT', `/api/users/${user.id}`, { token: adminToken, body: { username: 'E-to-E Edited', email } });
    expect(edited).toMatchObject({ status: 200, body: { data: { username: 'E-to-E Edited', email: email.toLowerCase() } } });
    expect((await me(user.token)).body).toMatchObject({ username: 'E-to-E Edited', email: email.toLowerCase() });
    expectStatus(await login({ email, password: user.password }), 200);
    expectError(await call('PUT', `/api/users/${user.id}`, { token: adminToken, body: { email: other.email.toUpperCase() } }), 409, AuthMessages.emailTaken);
  });

  it('logout revokes that token only; the other session of the user stays', async () => {
    const user = await newUser('flow-logout');
    const { token: second } = await signIn(user);
    const out = await call('POST', '/api/auth/logout', { token: user.token });
    expect(out).toMatchObject({ status: 204, body: null });
    expectError(await me(user.token), 401, AuthMessages.sessionExpired);
    expectStatus(await me(second), 200);
  });

  it('admin removes a user: their token and login stop working; removing again is 404', async () => {
    const user = await newUser('flow-remove');
    expect(await call('DELETE', `/api/users/${user.id}`, { token: adminToken })).toMatchObject({ status: 200, body: { success: true, message: AuthMessages.userRemoved } });
    expectError(await me(user.token), 401, AuthMessages.sessionExpired);
    expectError(await login(user), 401, AuthMessages.invalidCredentials);
    expectError(await call('DELETE', `/api/users/${user.id}`, { token: adminToken }), 404, AuthMessages.userNotFound);
    expectError(await call('PUT', `/api/users/${user.id}`, { token: adminToken, body: { username: 'E-to-E ghost' } }), 404, AuthMessages.userNotFound);
  });

  it('an admin cannot remove, demote or change the status of themselves', async () => {
    const adminId = (await me(adminToken)).body.id;
    expectError(await call('DELETE', `/api/users/${adminId}`, { token: adminToken }), 409, AuthMessages.cannotDeleteSelf);
    expectError(await call('PUT', `/api/users/${adminId}/role`, { token: adminToken, body: { role: 'user' } }), 409, AuthMessages.cannotDemoteSelf);
    expectError(await call('PUT', `/api/users/${adminId}`, { token: adminToken, body: { status: 'suspended' } }), 409, AuthMessages.cannotChangeOwnStatus);
    expect((await me(adminToken)).body).toMatchObject({ role: 'admin', status: 'active' });
  });

  it('every answer carries the correlation id it was given', async () => {
    const answer = await call('GET', '/api/user', { headers: { 'x-correlation-id': 'e2e-accounts-0001' } });
    expect(answer.body).toMatchObject({ code: ErrorCode.Unauthorized, correlationId: 'e2e-accounts-0001' });
  });
});
