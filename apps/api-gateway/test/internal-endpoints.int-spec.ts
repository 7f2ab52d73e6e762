import type { INestApplication } from '@nestjs/common';
import { waitUntil } from '@app/server-testing';
import { MetricsPort } from '../src/web/metrics-port';
import { startGateway } from './gateway-harness';

// Issue 14, finding 10: the ingress publishes the gateway's main port, so in production neither Prometheus'
// /metrics nor the OpenAPI document may answer there. /metrics moves to an internal port; the docs are off.

describe('internal endpoints of the gateway', () => {
  const gateways: INestApplication[] = [];

  afterAll(async () => {
    await Promise.all(gateways.map((gateway) => gateway.close()));
  });

  const start = async (overrides: Record<string, string | number> = {}) => {
    const gateway = await startGateway(overrides);
    gateways.push(gateway.app);
    return gateway;
  };

  it('in development serves /metrics and /api/docs on the main port', async () => {
    const { url } = await start();
    const metrics = await fetch(`${url}/metrics`);
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toContain('process_cpu_user_seconds_total');
    expect((await fetch(`${url}/api/docs-json`)).status).toBe(200);
  });

  it('times every HTTP request by route template and outcome, unmatched paths apart', async () => {
    const { url } = await start();
    const count = async (labels: string) => {
      const text = await (await fetch(`${url}/metrics`)).text();
      const line = text.split('\n').find((l) => l.startsWith(`request_duration_seconds_count{${labels}}`));
      return Number(line?.split(' ').pop() ?? 0);
    };
    const docs = 'transport="http",route="/api/docs-json",outcome="ok"';
    const unmatched = 'transport="http",route="unmatched",outcome="error"';
    const before = { docs: await count(docs), unmatched: await count(unmatched) };

    expect((await fetch(`${url}/api/docs-json`)).status).toBe(200);
    expect((await fetch(`${url}/api/docs-json`)).status).toBe(200);
    expect((await fetch(`${url}/api/no-such-thing`)).status).toBe(404);

    // Timed when the answer has gone (Fastify's onResponse), which can come just after the client read it.
    const expected = { docs: before.docs + 2, unmatched: before.unmatched + 1 };
    const counted = async () => ({ docs: await count(docs), unmatched: await count(unmatched) });
    await waitUntil(
      async () => {
        const now = await counted();
        return now.docs >= expected.docs && now.unmatched >= expected.unmatched;
      },
      'the three requests to be timed',
      2_000,
    ).catch(() => undefined);
    expect(await counted()).toEqual(expected);
  });

  it('in production serves /metrics on the metrics port only, and no OpenAPI document', async () => {
    const { app, url } = await start({ NODE_ENV: 'production', METRICS_PORT: 0, HOST: '127.0.0.1' });

    for (const path of ['/metrics', '/api/docs', '/api/docs-json', '/api/docs-yaml']) {
      expect({ path, status: (await fetch(`${url}${path}`)).status }).toEqual({ path, status: 404 });
    }
    const internal = app.get(MetricsPort).port();
    expect(internal).toEqual(expect.any(Number));
    const metrics = await fetch(`http://127.0.0.1:${internal}/metrics`);
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toContain('process_cpu_user_seconds_total');
    expect((await fetch(`http://127.0.0.1:${internal}/api/movies`)).status).toBe(404);
  });

  it('publishes the docs in production when asked to', async () => {
    const { url } = await start({ NODE_ENV: 'production', API_DOCS: 'on' });
    expect((await fetch(`${url}/api/docs-json`)).status).toBe(200);
  });
});
