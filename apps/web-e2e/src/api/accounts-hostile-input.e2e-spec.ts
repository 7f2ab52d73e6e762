import type { User } from '@app/contracts';
import { call, DEMO_ADMIN, isApiError, uniqueEmail } from '../support/api';
import { type Actors, expectStatus, expectError, listUsers, setUpActors } from '../support/accounts';
import { mailsTo } from '../support/outbox';

/**
 * The accounts HTTP API through the gateway: hostile input gets a 4xx with { code, message, correlationId }, never a 500, and nothing stored changes.
 * Every test makes its own users, so the suite runs again on the same system.
 */

const GT = { $gt: '' };
const TWO_MB = 2 * 1024 * 1024;

type HostileCase = {
  label: string;
  body?: unknown;
  raw?: string;
  contentType?: string;
  status?: number;
  mentions?: string | RegExp;
};

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
const hostileCases = (
  valid: Record<string, unknown>,
  { optional = [] as string[], emailFields = [] as string[] } = {},
): HostileCase[] => {
  const without = (field: string) =>
    Object.fromEntries(Object.entries(valid).filter(([key]) => key !== field));
  const perField = Object.keys(valid).flatMap((field): HostileCase[] => [
    ...(optional.includes(field)
      ? []
      : [{ label: `without ${field}`, body: without(field), mentions: field }]),
    { label: `${field}: {"$gt": ""}`, body: { ...valid, [field]: GT }, mentions: field },
    { label: `${field}: {"$ne": null}`, body: { ...valid, [field]: { $ne: null } }, mentions: field },
    { label: `${field}: a number`, body: { ...valid, [field]: 12345678 }, mentions: field },
    { label: `${field}: an array`, body: { ...valid, [field]: [String(valid[field])] }, mentions: field },
    { label: `${field}: null`, body: { ...valid, [field]: null }, mentions: field },
    { label: `${field}: true`, body: { ...valid, [field]: true }, mentions: field },
  ]);
  const emails = emailFields.flatMap((field) =>
    MALFORMED_EMAILS.map((email): HostileCase => ({
      label: `${field}: ${JSON.stringify(email).slice(0, 40)}`,
      body: { ...valid, [field]: email },
      mentions: field,
    })),
  );
  return [
    { label: 'an empty object', body: {} },
    ...perField,
    ...emails,
    // Fields of the account or of the RPC payload the gateway builds (clientIp, adminOnly, userId) cannot be smuggled in.
    ...Object.entries({
      role: 'admin',
      clientIp: '1.2.3.4',
      adminOnly: false,
      userId: 'f'.repeat(24),
      $where: 'sleep(1000)',
    })
      .filter(([field]) => !(field in valid))
      .map(([field, value]): HostileCase => ({
        label: `an extra field ${field}`,
        body: { ...valid, [field]: value },
        mentions: field,
      })),
    {
      label: 'an extra field __proto__',
      raw: `{"__proto__":{"admin":true},${JSON.stringify(valid).slice(1)}`,
      mentions: /__proto__|Unrecognized/,
    },
    { label: 'an array', body: [valid] },
    { label: 'a JSON string', body: 'hello' },
    { label: 'malformed JSON', raw: '{"email": "asha@streamly.in",' },
    { label: 'text/plain', raw: JSON.stringify(valid), contentType: 'text/plain' },
    {
      label: 'a 2 MB body',
      raw: JSON.stringify({ ...valid, padding: 'x'.repeat(TWO_MB) }),
      status: 413,
      mentions: 'Request body is too large',
    },
  ];
};

type HostileEndpoint = {
  endpoint: string;
  method: string;
  path: (a: Actors) => string;
  auth?: (a: Actors) => string;
  cases: HostileCase[];
};

const password = 'Pw-hostile-123';

const HOSTILE: HostileEndpoint[] = [
  {
    endpoint: 'POST /api/signup',
    method: 'POST',
    path: () => '/api/signup',
    cases: hostileCases(
      { username: 'E-to-E hostile', email: uniqueEmail('hostile-signup'), password },
      { emailFields: ['email'] },
    ),
  },
  ...(['/api/auth/login', '/api/auth/admin/login'] as const).map((loginPath): HostileEndpoint => ({
    endpoint: `POST ${loginPath}`,
    method: 'POST',
    path: () => loginPath,
    // recaptchaToken may be left out: the service then refuses the captcha (403).
    cases: hostileCases(
      { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password, recaptchaToken: 'not-a-solution' },
      { optional: ['recaptchaToken'], emailFields: ['email'] },
    ),
  })),
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
      ...['12345', '1234567', 'abcdef', '12 456', '١٢٣٤٥٦'].map((otp): HostileCase => ({
        label: `otp ${JSON.stringify(otp)}`,
        body: { email: uniqueEmail('hostile-verify'), otp },
        mentions: 'otp',
      })),
    ],
  },
  {
    endpoint: 'POST /api/auth/reset-password',
    method: 'POST',
    path: () => '/api/auth/reset-password',
    cases: [
      ...hostileCases(
        { email: uniqueEmail('hostile-reset'), otp: '123456', newPassword: password },
        { emailFields: ['email'] },
      ),
      {
        label: 'newPassword too short',
        body: { email: uniqueEmail('hostile-reset'), otp: '123456', newPassword: 'short' },
        mentions: 'newPassword',
      },
      {
        label: 'newPassword too long',
        body: { email: uniqueEmail('hostile-reset'), otp: '123456', newPassword: 'p'.repeat(129) },
        mentions: 'newPassword',
      },
    ],
  },
  {
    endpoint: 'POST /api/auth/oauth/exchange',
    method: 'POST',
    path: () => '/api/auth/oauth/exchange',
    cases: [
      ...hostileCases({ code: 'A'.repeat(43) }),
      ...['short', 'A'.repeat(101), 'abc def ghi jkl mno pqr', '../../etc/passwd/aaaaaaaaaa'].map(
        (code): HostileCase => ({
          label: `code ${JSON.stringify(code).slice(0, 30)}`,
          body: { code },
          mentions: 'code',
        }),
      ),
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
        [GT, { $ne: null }, 12345678, ['x'], null, true].map((value) => ({
          label: `${field}: ${JSON.stringify(value)}`,
          body: { [field]: value },
          mentions: field,
        })),
      ),
      ...MALFORMED_EMAILS.map((email): HostileCase => ({
        label: `email: ${JSON.stringify(email).slice(0, 40)}`,
        body: { email },
        mentions: 'email',
      })),
      { label: 'username too short', body: { username: 'x' }, mentions: 'username' },
      { label: 'username too long', body: { username: 'x'.repeat(41) }, mentions: 'username' },
      { label: 'status unknown', body: { status: 'deleted' }, mentions: 'status' },
      ...['role', 'passwordHash', 'tokenVersion', 'googleId', '_id', '$set'].map((field): HostileCase => ({
        label: `an extra field ${field}`,
        body: { username: 'E-to-E hijack', [field]: field === 'tokenVersion' ? 9 : 'admin' },
        mentions: field,
      })),
      { label: 'an array', body: [{ username: 'E-to-E hijack' }] },
      { label: 'malformed JSON', raw: '{"username": ' },
      {
        label: 'a 2 MB body',
        raw: JSON.stringify({ username: 'x'.repeat(TWO_MB) }),
        status: 413,
        mentions: 'Request body is too large',
      },
    ],
  },
  {
    endpoint: 'PUT /api/users/:id/role (admin)',
    method: 'PUT',
    path: (a) => `/api/users/${a.user.id}/role`,
    auth: (a) => a.adminToken,
    cases: [
      ...hostileCases({ role: 'admin' }),
      { label: 'role superadmin', body: { role: 'superadmin' }, mentions: 'role' },
    ],
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

  const cases = HOSTILE.flatMap((endpoint) =>
    endpoint.cases.map((c) => [endpoint.endpoint, c.label, endpoint, c] as const),
  );

  it.each(cases)(
    '%s: %s → 4xx with a clear message',
    async (_endpoint, _label, { method, path, auth }, { body, raw, contentType, status, mentions }) => {
      const answer = await call(method, path(actors), { token: auth?.(actors), body, raw, contentType });
      if (status) expectStatus(answer, status);
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
      expect(isApiError(answer.body)).toBe(true);
      if (typeof mentions === 'string')
        expect((answer.body as { message: string }).message).toContain(mentions);
      if (mentions instanceof RegExp) expect((answer.body as { message: string }).message).toMatch(mentions);
    },
  );

  it.each(HOSTILE_IDS)('admin calls on user id %p → %i', async (id, status) => {
    const { adminToken } = actors;
    expectError(
      await call('PUT', `/api/users/${id}`, { token: adminToken, body: { username: 'E-to-E hijack' } }),
      status,
    );
    expectError(
      await call('PUT', `/api/users/${id}/role`, { token: adminToken, body: { role: 'admin' } }),
      status,
    );
    expectError(await call('DELETE', `/api/users/${id}`, { token: adminToken }), status);
  });

  it('refused bodies are refused before the session check too (413 / 400 for a visitor)', async () => {
    expectError(
      await call('PUT', `/api/users/${actors.user.id}`, {
        raw: JSON.stringify({ username: 'x'.repeat(TWO_MB) }),
      }),
      413,
    );
  });

  it('changed nothing stored: every account it could reach is as it was, no hostile account exists, no mail was sent', async () => {
    // Journeys run two at a time: others add and change accounts of their own meanwhile. What this one's requests
    // could reach is its own actors and the accounts no journey made (the demo accounts); those are unchanged.
    const actorIds = new Set([actors.user.id, actors.another.id, actors.adminId]);
    const reachable = (users: User[]) =>
      users.filter((user) => actorIds.has(user.id) || !user.email.endsWith('@e2e.streamly.in'));
    const after = await listUsers(actors.adminToken);
    expect(reachable(after)).toEqual(reachable(before));
    const added = after.filter((user) => !before.some((known) => known.id === user.id));
    expect(added.filter((user) => /hostile|hijack/i.test(`${user.email} ${user.username}`))).toEqual([]);
    for (const { cases: hostile } of HOSTILE) {
      for (const { body } of hostile) {
        const email = (body as { email?: unknown } | undefined)?.email;
        if (typeof email === 'string' && email.endsWith('@e2e.streamly.in'))
          expect(await mailsTo(email)).toEqual([]);
      }
    }
  });
});
