import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplication, INestMicroservice } from '@nestjs/common';
import {
  Classification,
  HistoryPatterns,
  KIDS_PARENTAL_REFUSAL,
  ParentalMessages,
  PaymentPatterns,
  Quality,
  SeriesPatterns,
  StreamingPatterns,
} from '@app/contracts';
import type { ApiError, OpenedPlayback, ParentalSettings, Profile, ProfileSession } from '@app/contracts';
import { newId, planEntitlement, pollOutbox, suiteInfra } from '@app/server-testing';
import { fakeMovie, moviePlayable } from './fakes';
import { callGateway, type RpcCall, startFakeService, startGateway, standIn } from './gateway-harness';
import { signIn, signUp, startServiceProcesses, suiteSecrets } from './real-services';
import type { ServiceProcess } from './service-process';

// Issue 25 (DECISIONS 37), through the real gateway in front of the real auth-service (a process, as `npm start`
// runs it): the account's parental PIN (set after the password or the emailed code, 5 wrong tries then a growing
// wait) and the account holder's age declaration, enforced where a stream link is issued (POST /api/playback/{id}).
// Catalogue, payments, streaming and user-data are stand-ins: the catalogue says each title's class, and the
// stand-in streaming-service records every link it is asked to issue, so a refusal is seen to issue none.

const PASSWORD = 'Pw-parental-controls-1';

/** A title id per class: the stand-in catalogue answers each as a free film of that class. */
const titleOf = Object.fromEntries(
  Object.values(Classification).map((classification) => [classification, newId()]),
) as Record<Classification, string>;
const classOf = (id: string) =>
  (Object.entries(titleOf).find(([, titleId]) => titleId === id)?.[0] ?? Classification.U) as Classification;

const calls: RpcCall[] = [];
const linksIssued = () => calls.filter((call) => call.pattern === StreamingPatterns.open).length;

const opened = (movieId: string): OpenedPlayback => ({
  movieId,
  leaseId: `lease-${newId()}`,
  token: 'token.signature',
  hlsUrl: `/stream/t/token.signature/${movieId}/master.m3u8`,
  mp4Url: `/stream/${movieId}?token=token.signature`,
  trickplayUrl: null,
  durationSeconds: 45,
  quality: Quality.HD,
  renditions: ['720p'],
  expiresAt: '2026-11-22T22:00:00.000Z',
  heartbeatSeconds: 10,
});

const FakeOthersModule = standIn(
  {
    [SeriesPatterns.playable]: ({ id }: { id: string }) =>
      moviePlayable(fakeMovie(id, { classification: classOf(id) })),
    [PaymentPatterns.entitlement]: ({ title }: { title: { movieId: string } }) =>
      planEntitlement(title.movieId),
    [StreamingPatterns.open]: ({ movieId }: { movieId: string }) => opened(movieId),
    [HistoryPatterns.resumePoint]: () => null,
  },
  calls,
);

describe('parental controls through the gateway and auth-service (issue 25)', () => {
  const store = suiteInfra('gateway-parental');
  const services: ServiceProcess[] = [];
  let fakes: INestMicroservice;
  let gateway: INestApplication;
  let url: string;
  let workDir: string;
  let outbox: string;

  const call = async <T = unknown>(method: string, path: string, token: string, body?: unknown) => {
    const response = await callGateway(url, method, path, { token, body });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
  };
  const play = (token: string, classification: Classification, parentalPin?: string) =>
    call<ApiError>(
      'POST',
      `/api/playback/${titleOf[classification]}`,
      token,
      parentalPin === undefined ? {} : { parentalPin },
    );
  const settings = async (token: string) =>
    (await call<ParentalSettings>('GET', '/api/parental', token)).body;
  const adult = async () => {
    const viewer = await signUp(url, PASSWORD);
    const declared = await call('POST', '/api/parental/age', viewer.token, { dateOfBirth: '1985-04-12' });
    expect(declared.status).toBe(200);
    return viewer;
  };

  beforeAll(async () => {
    workDir = await mkdtemp(join(tmpdir(), 'parental-'));
    outbox = join(workDir, 'outbox');
    await startServiceProcesses(services, [
      [
        'auth-service',
        {
          MONGODB_URI: store.mongoUri,
          MONGODB_DB: store.mongoDb,
          REDIS_URL: store.redisUrl,
          OUTBOX_DIR: outbox,
          ...suiteSecrets('gateway-parental'),
        },
      ],
    ]);
    ({ app: fakes } = await startFakeService(FakeOthersModule));
    ({ app: gateway, url } = await startGateway({ LOG_LEVEL: 'error' }));
  }, 180_000);

  afterAll(async () => {
    await gateway?.close();
    await fakes?.close();
    await Promise.all(services.map((service) => service.stop()));
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  it('an A title needs the account holder declared 18 or older: 403 AGE_DECLARATION_REQUIRED, no link, until then', async () => {
    const viewer = await signUp(url, PASSWORD);
    expect(await settings(viewer.token)).toEqual({
      pinSet: false,
      pinFrom: Classification.A,
      adultDeclared: false,
    });
    // Below A nothing is asked (no PIN is set yet).
    expect((await play(viewer.token, Classification.UA16)).status).toBe(200);
    const before = linksIssued();
    const refused = await play(viewer.token, Classification.A);
    expect([refused.status, refused.body.code, refused.body.message]).toEqual([
      403,
      'AGE_DECLARATION_REQUIRED',
      ParentalMessages.ageRequired,
    ]);
    expect(linksIssued()).toBe(before);

    // Under 18, a future date, a malformed one: refused, and nothing is stored.
    const seventeen = new Date();
    seventeen.setUTCFullYear(seventeen.getUTCFullYear() - 17);
    const young = await call<ApiError>('POST', '/api/parental/age', viewer.token, {
      dateOfBirth: seventeen.toISOString().slice(0, 10),
    });
    expect([young.status, young.body.message]).toEqual([403, ParentalMessages.underAge]);
    expect(
      (await call('POST', '/api/parental/age', viewer.token, { dateOfBirth: '2999-01-01' })).status,
    ).toBe(400);
    expect((await call('POST', '/api/parental/age', viewer.token, { dateOfBirth: { $gt: '' } })).status).toBe(
      400,
    );
    expect((await settings(viewer.token)).adultDeclared).toBe(false);

    const declared = await call<ParentalSettings>('POST', '/api/parental/age', viewer.token, {
      dateOfBirth: '1985-04-12',
    });
    expect([declared.status, declared.body.adultDeclared]).toEqual([200, true]);
    expect((await play(viewer.token, Classification.A)).status).toBe(200);
    expect(linksIssued()).toBe(before + 1);
  });

  it('the parental PIN is set only after the account password; a wrong password stores nothing', async () => {
    const viewer = await adult();
    const wrong = await call<ApiError>('PUT', '/api/parental', viewer.token, {
      password: 'not-the-password',
      pin: '2468',
    });
    expect([wrong.status, wrong.body.message]).toEqual([403, ParentalMessages.wrongPassword]);
    const none = await call<ApiError>('PUT', '/api/parental', viewer.token, { pin: '2468' });
    expect([none.status, none.body.message]).toEqual([403, ParentalMessages.proofRequired]);
    for (const body of [
      { password: PASSWORD, pin: '24a8' },
      { password: PASSWORD, pin: '24680' },
      { password: PASSWORD },
      { password: PASSWORD, pinFrom: 'PG' },
      { password: PASSWORD, pin: '2468', userId: viewer.id },
    ])
      expect((await call('PUT', '/api/parental', viewer.token, body)).status).toBe(400);
    expect((await settings(viewer.token)).pinSet).toBe(false);
    expect((await play(viewer.token, Classification.A)).status).toBe(200);

    const set = await call<ParentalSettings>('PUT', '/api/parental', viewer.token, {
      password: PASSWORD,
      pin: '2468',
    });
    expect([set.status, set.body]).toEqual([
      200,
      { pinSet: true, pinFrom: Classification.A, adultDeclared: true },
    ]);
  });

  it('a title at or above the chosen class needs the PIN: 403 PARENTAL_PIN_REQUIRED, tries left, then a wait; a new PIN ends it', async () => {
    const viewer = await adult();
    await call('PUT', '/api/parental', viewer.token, {
      password: PASSWORD,
      pin: '2468',
      pinFrom: Classification.UA16,
    });
    expect((await play(viewer.token, Classification.UA13)).status).toBe(200);
    const before = linksIssued();
    const asked = await play(viewer.token, Classification.UA16);
    expect([asked.status, asked.body.code, asked.body.message]).toEqual([
      403,
      'PARENTAL_PIN_REQUIRED',
      ParentalMessages.pinRequired,
    ]);
    for (const left of [4, 3, 2, 1, 0]) {
      const wrong = await play(viewer.token, Classification.A, '1111');
      expect([wrong.status, wrong.body.code, wrong.body.message]).toEqual([
        403,
        'PARENTAL_PIN_REQUIRED',
        ParentalMessages.wrongPin(left),
      ]);
    }
    // The sixth wrong one starts the wait; within it even the right PIN waits.
    expect((await play(viewer.token, Classification.A, '1111')).status).toBe(403);
    expect((await play(viewer.token, Classification.A, '2468')).status).toBe(429);
    expect(linksIssued()).toBe(before);

    // Reset after the password: the wait is over, the new PIN opens it.
    await call('PUT', '/api/parental', viewer.token, { password: PASSWORD, pin: '1357' });
    expect((await play(viewer.token, Classification.A, '1357')).status).toBe(200);
    expect(linksIssued()).toBe(before + 1);
  });

  it('a PIN given for a title holds for that session a while (the next episode); another session asks again', async () => {
    const viewer = await adult();
    await call('PUT', '/api/parental', viewer.token, { password: PASSWORD, pin: '2468' });
    expect((await play(viewer.token, Classification.A)).status).toBe(403);
    expect((await play(viewer.token, Classification.A, '2468')).status).toBe(200);
    expect((await play(viewer.token, Classification.A)).status).toBe(200);
    const other = await signIn(url, { email: viewer.email, password: PASSWORD });
    expect((await play(other.token, Classification.A)).body.code).toBe('PARENTAL_PIN_REQUIRED');
  });

  it('a forgotten PIN is reset with the code the password reset mails (spent once)', async () => {
    const viewer = await adult();
    await call('PUT', '/api/parental', viewer.token, { password: PASSWORD, pin: '2468' });
    await callGateway(url, 'POST', '/api/auth/forgot-password', { body: { email: viewer.email } });
    const mail = await pollOutbox(
      outbox,
      (mails) => mails.find((m) => m.to.includes(viewer.email) && m.subject.includes('password reset')),
      { what: 'the reset code' },
    );
    const otp = /\b(\d{6})\b/.exec(mail.text)?.[1] ?? '';
    const reset = await call('PUT', '/api/parental', viewer.token, { otp, pin: '9753' });
    expect(reset.status).toBe(200);
    expect((await play(viewer.token, Classification.A, '9753')).status).toBe(200);
    expect((await call('PUT', '/api/parental', viewer.token, { otp, pin: '1111' })).status).toBe(400);
  });

  it('a kids profile is not asked the PIN (its ceiling keeps it below), and may not open the parental controls', async () => {
    const signedIn = await adult();
    const kid = (
      await call<Profile>('POST', '/api/profiles', signedIn.token, {
        name: 'Chotu',
        avatar: 'kite',
        kind: 'kids',
        maturityCeiling: 'UA7',
      })
    ).body;
    const choose = async (profileId: string) =>
      (await call<ProfileSession>('POST', `/api/profiles/${profileId}/select`, signedIn.token, {})).body
        .token;
    const parent = await choose(signedIn.id);
    const asKid = await choose(kid.id);
    await call('PUT', '/api/parental', parent, {
      password: PASSWORD,
      pin: '2468',
      pinFrom: Classification.U,
    });
    expect((await play(asKid, Classification.UA7)).status).toBe(200);
    // The screen it takes names the profile (the account's "stop that stream" list shows it).
    expect(calls.filter((c) => c.pattern === StreamingPatterns.open).at(-1)?.data).toMatchObject({
      profileName: 'Chotu',
    });
    expect((await play(parent, Classification.UA7)).body.code).toBe('PARENTAL_PIN_REQUIRED');
    const refused = await call<ApiError>('GET', '/api/parental', asKid);
    expect([refused.status, refused.body.message]).toEqual([403, KIDS_PARENTAL_REFUSAL]);
    expect(
      (await call('PUT', '/api/parental', asKid, { password: PASSWORD, pinFrom: Classification.A })).status,
    ).toBe(403);
    expect((await settings(parent)).pinFrom).toBe(Classification.U);
  });
});
