import { Classification, ProfileKind, ProfileMessages } from '@app/contracts';
import type { ApiError, Profile, ProfileList, ProfileSession } from '@app/contracts';
import { suiteInfra } from '@app/server-testing';
import { callGateway, startGateway, type CallOptions } from './gateway-harness';
import { signUp, startServiceProcesses, suiteSecrets } from './real-services';
import type { ServiceProcess } from './service-process';
import type { INestApplication } from '@nestjs/common';

// Issue 25 (DECISIONS 36), through the real gateway in front of the real auth-service (a process, as `npm start`
// runs it): the routes' validation, that an account reaches only its own profiles, and what a kids session may not do.

describe('/api/profiles through the gateway and auth-service', () => {
  const store = suiteInfra('gateway-profiles-auth');
  const services: ServiceProcess[] = [];
  let gateway: INestApplication;
  let url: string;

  const call = async <T = unknown>(method: string, path: string, options?: CallOptions) => {
    const response = await callGateway(url, method, path, options);
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
  };
  const create = (token: string, body: Record<string, unknown>) =>
    call<Profile>('POST', '/api/profiles', { token, body: { avatar: 'ocean', ...body } });
  /** A session acting as the account's first profile (its id is the account's): once it has two, sign-in's names none. */
  const asFirstProfile = async (account: { id: string; token: string }) => {
    const { status, body } = await call<ProfileSession>('POST', `/api/profiles/${account.id}/select`, {
      token: account.token,
      body: {},
    });
    expect(status).toBe(200);
    return body.token;
  };

  beforeAll(async () => {
    await startServiceProcesses(services, [
      [
        'auth-service',
        {
          MONGODB_URI: store.mongoUri,
          MONGODB_DB: store.mongoDb,
          REDIS_URL: store.redisUrl,
          ...suiteSecrets('gateway-profiles'),
        },
      ],
    ]);
    ({ app: gateway, url } = await startGateway({ LOG_LEVEL: 'error' }));
  }, 180_000);

  afterAll(async () => {
    await gateway?.close();
    await Promise.all(services.map((service) => service.stop()));
  });

  it("lists a new account's one default profile (its id is the account's) as the session's current one", async () => {
    const asha = await signUp(url, 'correct horse battery');
    const { status, body } = await call<ProfileList>('GET', '/api/profiles', { token: asha.token });
    expect(status).toBe(200);
    expect(body.currentProfileId).toBe(asha.id);
    expect(body.profiles).toEqual([
      expect.objectContaining({ id: asha.id, kind: ProfileKind.Standard, maturityCeiling: Classification.A }),
    ]);
  });

  it.each([
    ['an empty name', { name: '   ' }],
    ['a 31-character name', { name: 'x'.repeat(31) }],
    ['an avatar not in the set', { name: 'Ravi', avatar: 'elephant' }],
    ['a kids profile rated A', { name: 'Chotu', kind: 'kids', maturityCeiling: 'A' }],
    ['a class that does not exist', { name: 'Ravi', maturityCeiling: 'PG' }],
    ['a PIN that is not 4 digits', { name: 'Ravi', pin: '12a4' }],
    ['a field the route does not take', { name: 'Ravi', userId: 'a'.repeat(24) }],
  ])('POST /api/profiles: 400 for %s, and nothing is made', async (_, body) => {
    const asha = await signUp(url, 'correct horse battery');
    expect((await create(asha.token, body)).status).toBe(400);
    expect(
      (await call<ProfileList>('GET', '/api/profiles', { token: asha.token })).body.profiles,
    ).toHaveLength(1);
  });

  it('400 for a profile id that is not one, and for a PIN of another shape at select', async () => {
    const asha = await signUp(url, 'correct horse battery');
    expect((await call('PATCH', '/api/profiles/not-an-id', { token: asha.token, body: {} })).status).toBe(
      400,
    );
    expect(
      (await call('POST', `/api/profiles/${asha.id}/select`, { token: asha.token, body: { pin: 1234 } }))
        .status,
    ).toBe(400);
  });

  it("reaches only the caller's own account: another account's profile is 404 to change, delete or select", async () => {
    const asha = await signUp(url, 'correct horse battery');
    const ravi = await signUp(url, 'correct horse battery');
    // signUp names every account Meera, so its default profile is Meera too.
    const sita = (await create(await asFirstProfile(asha), { name: 'Sita' })).body;
    const asRavi = { token: ravi.token };
    expect(
      (await call('PATCH', `/api/profiles/${sita.id}`, { ...asRavi, body: { name: 'Mine' } })).status,
    ).toBe(404);
    expect((await call('DELETE', `/api/profiles/${sita.id}`, asRavi)).status).toBe(404);
    expect((await call('POST', `/api/profiles/${sita.id}/select`, { ...asRavi, body: {} })).status).toBe(404);
    expect((await call('POST', `/api/profiles/${asha.id}/select`, { ...asRavi, body: {} })).status).toBe(404);
    const { body } = await call<ProfileList>('GET', '/api/profiles', asRavi);
    expect(body.profiles.map(({ id }) => id)).toEqual([ravi.id]);
    expect((await call<ProfileList>('GET', '/api/profiles', { token: asha.token })).body.profiles).toEqual([
      expect.objectContaining({ id: asha.id }),
      sita,
    ]);
  });

  it('a kids session may not manage profiles or raise its ceiling (403); deleting its profile ends it', async () => {
    const signedIn = await signUp(url, 'correct horse battery');
    const parent = { ...signedIn, token: await asFirstProfile(signedIn) };
    const kid = (await create(parent.token, { name: 'Chotu', kind: 'kids', maturityCeiling: 'U' })).body;
    const selected = await call<ProfileSession>('POST', `/api/profiles/${kid.id}/select`, {
      token: signedIn.token,
      body: {},
    });
    expect(selected.status).toBe(200);
    expect(selected.body.profile).toEqual(kid);
    const asKid = { token: selected.body.token };

    expect((await call<ProfileList>('GET', '/api/profiles', asKid)).body.currentProfileId).toBe(kid.id);
    expect((await create(asKid.token, { name: 'Another' })).status).toBe(403);
    const raise = await call<ApiError>('PATCH', `/api/profiles/${kid.id}`, {
      ...asKid,
      body: { maturityCeiling: 'UA7' },
    });
    expect(raise.status).toBe(403);
    expect(raise.body.message).toBe(ProfileMessages.kidsCannotManage);
    expect((await call('DELETE', `/api/profiles/${parent.id}`, asKid)).status).toBe(403);
    expect((await call<Profile>('GET', '/api/profiles', asKid)).status).toBe(200);

    expect((await call('DELETE', `/api/profiles/${kid.id}`, { token: parent.token })).status).toBe(204);
    expect((await call('GET', '/api/profiles', asKid)).status).toBe(401);
    const last = await call<ApiError>('DELETE', `/api/profiles/${parent.id}`, { token: parent.token });
    expect([last.status, last.body.message]).toEqual([409, ProfileMessages.lastProfile]);
  });

  it('a locked profile: 403 without its PIN or with a wrong one (tries left), a session with the right one', async () => {
    const parent = await signUp(url, 'correct horse battery');
    const papa = (await create(parent.token, { name: 'Papa', pin: '2580' })).body;
    expect(papa).not.toHaveProperty('pin');
    const select = (body: object) =>
      call<ApiError & ProfileSession>('POST', `/api/profiles/${papa.id}/select`, {
        token: parent.token,
        body,
      });
    expect((await select({})).body.message).toBe(ProfileMessages.pinRequired);
    const wrong = await select({ pin: '1111' });
    expect([wrong.status, wrong.body.message]).toEqual([403, 'Wrong PIN. 4 tries left.']);
    const right = await select({ pin: '2580' });
    expect(right.status).toBe(200);
    expect(right.body.profile).toMatchObject({ id: papa.id, locked: true });
  });

  it('a sixth profile is 409 "An account has at most 5 profiles."; a name in another case is 409', async () => {
    const asha = await asFirstProfile(await signUp(url, 'correct horse battery'));
    for (const name of ['Ravi', 'Sita', 'Kabir', 'Dadi'])
      expect((await create(asha, { name })).status).toBe(201);
    const sixth = await create(asha, { name: 'Nani' });
    expect([sixth.status, (sixth.body as unknown as ApiError).message]).toEqual([
      409,
      ProfileMessages.limitReached,
    ]);
    const ravi = await asFirstProfile(await signUp(url, 'correct horse battery'));
    await create(ravi, { name: 'Kabir' });
    expect((await create(ravi, { name: 'KABIR' })).status).toBe(409);
  });

  describe("a sign-in's session, which names no profile (issue 25)", () => {
    const viewerRoutes = (id: string): [string, string][] => [
      ['GET', `/api/users/${id}/watch-history`],
      ['GET', `/api/users/${id}/favorites`],
      ['GET', `/api/users/${id}/continue-watching`],
      ['GET', `/api/users/${id}/settings`],
      ['GET', `/api/users/${id}/sessions`],
      ['GET', `/api/playback/streams`],
      ['POST', '/api/profiles'],
    ];

    it("acts as the only profile when the account has one and it is unlocked (Who's watching? is skipped)", async () => {
      const asha = await signUp(url, 'correct horse battery');
      expect(
        (await call<ProfileList>('GET', '/api/profiles', { token: asha.token })).body.currentProfileId,
      ).toBe(asha.id);
      // The account's devices: a route served to a profile's session, by auth-service (the one service here).
      expect((await call('GET', `/api/users/${asha.id}/sessions`, { token: asha.token })).status).toBe(200);
    });

    it('with two profiles: 403 PROFILE_REQUIRED "Choose a profile first." on viewer routes until one is chosen', async () => {
      const signedIn = await signUp(url, 'correct horse battery');
      await create(await asFirstProfile(signedIn), { name: 'Chotu', kind: 'kids', maturityCeiling: 'U' });
      for (const [method, path] of viewerRoutes(signedIn.id)) {
        const refused = await call<ApiError>(method, path, {
          token: signedIn.token,
          body: method === 'POST' ? { name: 'Other', avatar: 'ocean' } : undefined,
        });
        expect([method, path, refused.status, refused.body.code, refused.body.message]).toEqual([
          method,
          path,
          403,
          'PROFILE_REQUIRED',
          ProfileMessages.chooseFirst,
        ]);
      }
      // Who's watching? still works: the list (no current profile), the account, choosing one.
      const list = await call<ProfileList>('GET', '/api/profiles', { token: signedIn.token });
      expect([list.status, list.body.currentProfileId, list.body.profiles]).toEqual([
        200,
        null,
        [expect.anything(), expect.anything()],
      ]);
      expect((await call('GET', '/api/user', { token: signedIn.token })).status).toBe(200);
      const chosen = await asFirstProfile(signedIn);
      expect((await call('GET', `/api/users/${signedIn.id}/sessions`, { token: chosen })).status).toBe(200);
      // Refusals changed nothing: still two profiles.
      expect((await call<ProfileList>('GET', '/api/profiles', { token: chosen })).body.profiles).toHaveLength(
        2,
      );
    });

    it('with one profile that is locked: refused until it is chosen with its PIN', async () => {
      const signedIn = await signUp(url, 'correct horse battery');
      const first = await asFirstProfile(signedIn);
      expect(
        (await call('GET', `/api/users/${signedIn.id}/sessions`, { token: signedIn.token })).status,
      ).toBe(200);
      expect(
        (await call('PATCH', `/api/profiles/${signedIn.id}`, { token: first, body: { pin: '2580' } })).status,
      ).toBe(200);
      const refused = await call<ApiError>('GET', `/api/users/${signedIn.id}/sessions`, {
        token: signedIn.token,
      });
      expect([refused.status, refused.body.code]).toEqual([403, 'PROFILE_REQUIRED']);
      const select = (body: object) =>
        call<ProfileSession>('POST', `/api/profiles/${signedIn.id}/select`, { token: signedIn.token, body });
      expect((await select({})).status).toBe(403);
      const unlocked = await select({ pin: '2580' });
      expect(unlocked.status).toBe(200);
      expect(
        (await call('GET', `/api/users/${signedIn.id}/sessions`, { token: unlocked.body.token })).status,
      ).toBe(200);
    });
  });
});
