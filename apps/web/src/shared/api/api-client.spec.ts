import { type FakeApi, startFakeApi } from '@web/test/fake-api';
import { createApiClient, retryAfterMs } from './api-client';
import { ApiRequestError } from './api-request-error';

describe('api client', () => {
  let api: FakeApi;

  beforeEach(async () => {
    api = await startFakeApi(() => undefined);
  });

  afterEach(async () => {
    await api.close();
  });

  it('returns the JSON body of a 2xx answer and sends the query', async () => {
    api.respond((_request, url) => ({ status: 200, body: { echo: url.searchParams.get('page') } }));

    await expect(
      createApiClient(api.baseUrl).call('GET /api/movies', { query: { page: 2, search: undefined } }),
    ).resolves.toEqual({
      echo: '2',
    });
    expect(api.requests).toEqual(['/api/movies?page=2']);
  });

  it('answers a file route (a PDF) with its bytes as a Blob', async () => {
    const pdf = Buffer.from('%PDF-1.3 test');
    api.respond(() => ({ status: 200, body: pdf, headers: { 'content-type': 'application/pdf' } }));
    const id = '65f0c0ffee00000000000001';
    const file = await createApiClient(api.baseUrl).call('GET /api/users/{id}/invoices/{invoiceId}/pdf', {
      params: { id, invoiceId: id },
    });
    expect(file.type).toBe('application/pdf');
    expect(Buffer.from(await file.arrayBuffer())).toEqual(pdf);
  });

  it("fills the route's path parameters, each URL-encoded, and sends the method and body", async () => {
    const seen: string[] = [];
    api.respond((request) => {
      seen.push(`${request.method ?? ''} ${request.headers['content-type'] ?? ''}`);
      return { status: 204, body: undefined };
    });

    await expect(
      createApiClient(api.baseUrl).call('PUT /api/movies/{id}', {
        params: { id: 'a b/c' },
        body: { title: 'x' },
      }),
    ).resolves.toBeUndefined();
    expect(api.requests).toEqual(['/api/movies/a%20b%2Fc']);
    expect(seen).toEqual(['PUT application/json']);
  });

  it('turns a non-2xx answer into an ApiRequestError carrying the ApiError body', async () => {
    const body = { code: 'SERVICE_UNAVAILABLE', message: 'Catalogue is down', correlationId: 'corr-9' };
    api.respond(() => ({ status: 503, body }));

    const error = await createApiClient(api.baseUrl)
      .call('GET /api/movies')
      .catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 503, message: 'Catalogue is down', body });
  });

  it('codes an error answer without an ApiError body by its status', async () => {
    api.respond(() => ({ status: 502, body: '<html>Bad gateway</html>' }));

    const error = await createApiClient(api.baseUrl)
      .call('GET /api/movies')
      .catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).body.code).toBe('SERVICE_UNAVAILABLE');
  });
});

describe('api client and rate limits', () => {
  let api: FakeApi;
  const limited = { code: 'RATE_LIMITED', message: 'Too many requests', correlationId: 'c' };

  beforeEach(async () => {
    api = await startFakeApi(() => undefined);
  });

  afterEach(async () => {
    await api.close();
  });

  it('retries a read once after Retry-After when the API answers 429', async () => {
    let calls = 0;
    api.respond(() => {
      calls += 1;
      return calls === 1
        ? { status: 429, body: limited, headers: { 'retry-after': '1' } }
        : { status: 200, body: { items: [] } };
    });

    const started = Date.now();
    await expect(createApiClient(api.baseUrl).call('GET /api/movies')).resolves.toEqual({ items: [] });
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(api.requests).toEqual(['/api/movies', '/api/movies']);
  });

  it('retries a read once after Retry-After when the API sheds it with 503', async () => {
    const busy = { code: 'OVERLOADED', message: 'Streamly is busy right now.', correlationId: 'c' };
    let calls = 0;
    api.respond(() => {
      calls += 1;
      return calls === 1
        ? { status: 503, body: busy, headers: { 'retry-after': '1' } }
        : { status: 200, body: { items: [] } };
    });

    const started = Date.now();
    await expect(createApiClient(api.baseUrl).call('GET /api/movies')).resolves.toEqual({ items: [] });
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(api.requests).toEqual(['/api/movies', '/api/movies']);
  });

  it('reports a 503 without Retry-After (a service down) at once', async () => {
    api.respond(() => ({
      status: 503,
      body: {
        code: 'SERVICE_UNAVAILABLE',
        message: 'The catalogue is unavailable right now.',
        correlationId: 'c',
      },
    }));

    await expect(createApiClient(api.baseUrl).call('GET /api/movies')).rejects.toMatchObject({ status: 503 });
    expect(api.requests).toHaveLength(1);
  });

  it('never repeats a write shed with 503', async () => {
    api.respond(() => ({
      status: 503,
      body: { code: 'OVERLOADED', message: 'Streamly is busy right now.', correlationId: 'c' },
      headers: { 'retry-after': '0' },
    }));

    await expect(
      createApiClient(api.baseUrl).call('PUT /api/movies/{id}', {
        params: { id: 'm1' },
        body: { title: 'x' },
      }),
    ).rejects.toMatchObject({ status: 503 });
    expect(api.requests).toHaveLength(1);
  });

  it('reports a second 429 instead of retrying again', async () => {
    api.respond(() => ({ status: 429, body: limited, headers: { 'retry-after': '0' } }));

    const error = await createApiClient(api.baseUrl)
      .call('GET /api/movies')
      .catch((caught: unknown) => caught);

    expect(error).toMatchObject({ status: 429 });
    expect(api.requests).toHaveLength(2);
  });

  it('never repeats a write', async () => {
    api.respond(() => ({ status: 429, body: limited, headers: { 'retry-after': '0' } }));

    await expect(
      createApiClient(api.baseUrl).call('PUT /api/movies/{id}', {
        params: { id: 'm1' },
        body: { title: 'x' },
      }),
    ).rejects.toMatchObject({ status: 429 });
    expect(api.requests).toHaveLength(1);
  });
});

describe('retryAfterMs', () => {
  it('reads seconds and HTTP dates, and refuses waits too long to sit through', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs('9', now)).toBe(9000);
    expect(retryAfterMs('Thu, 01 Jan 2026 00:00:05 GMT', now)).toBe(5000);
    expect(retryAfterMs(null, now)).toBeNull();
    expect(retryAfterMs('3600', now)).toBeNull();
  });
});
