import { writeSync } from 'node:fs';
import type { INestApplication, INestMicroservice } from '@nestjs/common';
import { ErrorCode, HealthStatus, MovieAccess, MovieStatus } from '@app/contracts';
import type { HealthReport, MovieInput, MovieWriteResult } from '@app/contracts';
import { suiteInfra } from '@app/server-testing';
import { ashaId } from './fakes';
import { type Answer, FakeAuthModule, type Route, timedCall, tokens } from './faults';
import { callGateway, startFakeService, startGateway } from './gateway-harness';
import { startServiceProcess, type ServiceProcess } from './service-process';

const RPC_TIMEOUT_MS = 3_000;

const lagaan: MovieInput = {
  title: 'Lagaan',
  description: 'A village bets its taxes on a game of cricket.',
  genre: 'Drama',
  rating: 8.1,
  posterUrl: 'https://images.example.in/lagaan.jpg',
  classification: 'UA7',
  descriptors: [],
  status: MovieStatus.Published,
  access: MovieAccess.Premium,
  purchasePriceInr: 1200,
  rentalPriceInr: 500,
};

/**
 * Issue 15 part 4: one service down, the rest of the product works. The catalogue and viewer data run as real
 * processes, auth-service as a stand-in; recommendation-service and payment-service are not running at all. What
 * needs neither answers as usual; what needs one answers 503 without waiting for a timeout (NATS knows at once
 * that nobody subscribes), with a message naming the feature in a viewer's words; /api/health says the same.
 */
describe('one service down: the rest of the product works', () => {
  const infra = suiteInfra('gateway-faults-service-down');
  const env = { MONGODB_URI: infra.mongoUri, MONGODB_DB: infra.mongoDb, REDIS_URL: infra.redisUrl };
  const services: ServiceProcess[] = [];
  let fakeAuth: INestMicroservice | undefined;
  let gateway: INestApplication | undefined;
  let url: string;
  let movieId: string;
  const call = (route: Route): Promise<Answer> => timedCall(url, route);

  /** Routes of a viewer browsing and keeping a list: none needs recommendations or payments. */
  const browsing = (): Route[] => [
    { path: '/api/movies?page=1&pageSize=5' },
    { path: '/api/movies/genres' },
    { path: '/api/movies/sections' },
    { path: `/api/movies/${movieId}` },
    { path: `/api/movies/${movieId}`, token: tokens.viewer },
    { path: `/api/users/${ashaId}/favorites`, token: tokens.viewer },
    { path: `/api/users/${ashaId}/continue-watching`, token: tokens.viewer },
  ];

  /** Every answer is a 503 SERVICE_UNAVAILABLE naming the feature, sooner than the RPC timeout. */
  const expectUnavailable = (answers: Answer[], message: string) => {
    expect(
      answers.map(({ path, status, body }) => ({
        path,
        status,
        body: { code: body?.code, message: body?.message },
      })),
    ).toEqual(
      answers.map(({ path }) => ({
        path,
        status: 503,
        body: { code: ErrorCode.ServiceUnavailable, message },
      })),
    );
    expect(answers.filter((answer) => answer.ms >= RPC_TIMEOUT_MS)).toEqual([]);
    writeSync(
      2,
      `${message} ${answers.length} routes answered 503 in at most ${Math.round(Math.max(...answers.map((answer) => answer.ms)))} ms\n`,
    );
  };

  beforeAll(async () => {
    services.push(
      await startServiceProcess('catalogue-service', env),
      await startServiceProcess('user-data-service', env),
    );
    ({ app: fakeAuth } = await startFakeService(FakeAuthModule));
    ({ app: gateway, url } = await startGateway({ RPC_TIMEOUT_MS, LOG_LEVEL: 'error' }));
    const created = await callGateway(url, 'POST', '/api/movies', { token: tokens.admin, body: lagaan });
    expect(created.status).toBe(201);
    movieId = ((await created.json()) as MovieWriteResult).data.id;
  });

  afterAll(async () => {
    await gateway?.close();
    await fakeAuth?.close();
    await Promise.all(services.map((service) => service.stop()));
  });

  it('browsing, the title page and My List answer as usual', async () => {
    const answers = await Promise.all(browsing().map(call));
    expect(answers.map(({ path, status }) => ({ path, status }))).toEqual(
      browsing().map(({ path }) => ({ path, status: 200 })),
    );
  });

  it('without recommendation-service: its rows answer 503 "Recommendations are unavailable right now."', async () => {
    const answers = [
      await call({ path: '/api/recommend/trending' }),
      await call({ path: `/api/movies/${movieId}/similar` }),
      await call({ method: 'POST', path: '/api/recommend', body: { user_id: ashaId }, token: tokens.viewer }),
    ];
    expectUnavailable(answers, 'Recommendations are unavailable right now.');
  });

  it('without payment-service: plans and a title\'s ways in answer 503 "Payments are unavailable right now."', async () => {
    const answers = [
      await call({ path: '/api/plans' }),
      await call({ path: `/api/entitlements/${movieId}` }),
      await call({ path: `/api/entitlements/${movieId}`, token: tokens.viewer }),
      await call({ path: `/api/users/${ashaId}/subscription`, token: tokens.viewer }),
    ];
    expectUnavailable(answers, 'Payments are unavailable right now.');
    // The title itself still shows beside the access panel that cannot.
    const title = await call({ path: `/api/movies/${movieId}` });
    expect(title.status).toBe(200);
    expect(title.body).toMatchObject({ id: movieId, title: 'Lagaan' });
  });

  it('/api/health says per component what is down, in the same words', async () => {
    const res = await fetch(`${url}/api/health`);
    expect(res.status).toBe(503);
    const report = (await res.json()) as HealthReport;
    expect(report).toMatchObject({
      status: HealthStatus.Down,
      components: {
        'auth-service': { status: HealthStatus.Up },
        'catalogue-service': { status: HealthStatus.Up },
        'user-data-service': { status: HealthStatus.Up },
        'recommendation-service': {
          status: HealthStatus.Down,
          message: 'Recommendations are unavailable right now.',
        },
        'payment-service': { status: HealthStatus.Down, message: 'Payments are unavailable right now.' },
      },
    });
  });
});
