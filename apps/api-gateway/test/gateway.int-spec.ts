import { mkdtempSync, writeFileSync } from 'node:fs';
import { Agent, createServer, get as httpGet, request, Server, type IncomingHttpHeaders } from 'node:http';
import { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Controller, INestApplication, INestMicroservice, Module } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ApiError, ErrorCode, HealthReport, HealthStatus, MoviePatterns, MovieRpc } from '@app/contracts';
import type { RpcEnvelope } from '@app/contracts';
import { AppError } from '@app/server-core';
import { fakeMovie, movieId } from './fakes';
import { announceCatalogueChange, startFakeService, startGateway } from './gateway-harness';

/** A reply the catalogue's contract accepts (every reply is checked against its contract as the service sends it). */
const lagaan = fakeMovie(movieId);

/** Stands in for the catalogue on the real TCP transport; records what the gateway forwarded. */
const received: Array<RpcEnvelope<Record<string, unknown>>> = [];

@Controller()
class FakeCatalogueController {
  @MessagePattern(MoviePatterns.list)
  list(@Payload() envelope: RpcEnvelope<{ page: number; pageSize: number }>) {
    received.push(envelope);
    if (envelope.data.page === 99)
      return { data: [{ ...lagaan, rating: 'great' }], page: 99, pageSize: 1, total: 1 };
    // A page over the compression threshold; `internalNote` is no field of the contract.
    if (envelope.data.page === 3)
      return {
        data: Array.from({ length: 12 }, () => ({ ...lagaan, internalNote: 'x' })),
        page: 3,
        pageSize: 12,
        total: 36,
      };
    return { data: [lagaan], page: envelope.data.page, pageSize: envelope.data.pageSize, total: 1 };
  }

  @MessagePattern(MoviePatterns.poster)
  poster(@Payload() envelope: RpcEnvelope<{ id: string }>) {
    if (envelope.data.id !== movieId) throw AppError.notFound('Movie not found');
    return { svg: '<svg>Lagaan</svg>' };
  }

  @MessagePattern('catalogue-service.health')
  health() {
    return {
      status: HealthStatus.Up,
      components: { mongo: { status: HealthStatus.Up }, redis: { status: HealthStatus.Up } },
    };
  }
}

@Module({ controllers: [FakeCatalogueController] })
class FakeCatalogueModule {}

const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
};

describe('api-gateway over the real TCP transport', () => {
  let catalogue: INestMicroservice;
  let gateway: INestApplication;
  let url: string;
  let streaming: Server;
  const streamRequests: Array<{ url?: string; range?: string }> = [];

  beforeAll(async () => {
    ({ app: catalogue } = await startFakeService(FakeCatalogueModule));

    streaming = createServer((req, res) => {
      streamRequests.push({ url: req.url, range: req.headers.range });
      res.writeHead(206, { 'content-type': 'video/mp4', 'content-range': 'bytes 0-3/100' });
      res.end('abcd');
    });
    const streamingPort = await listen(streaming);

    const webDir = mkdtempSync(path.join(tmpdir(), 'web-'));
    writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Streamly</title>');

    ({ app: gateway, url } = await startGateway({
      STREAMING_HTTP_URL: `http://127.0.0.1:${streamingPort}`,
      WEB_DIST_DIR: webDir,
    }));
  });

  afterAll(async () => {
    await gateway?.close();
    await catalogue?.close();
    streaming?.close();
  });

  it('GET /api/movies forwards the validated query with the correlation id and returns the reply', async () => {
    const sent = Date.now();
    const res = await fetch(`${url}/api/movies?page=2&pageSize=1`, {
      headers: { 'x-correlation-id': 'req-42' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ page: 2, pageSize: 1, total: 1, data: [{ title: 'Lagaan' }] });
    // The envelope carries the gateway's deadline (issue 29): its RPC timeout (5 s here) after it sent the request.
    expect(received.at(-1)).toEqual({
      correlationId: 'req-42',
      data: { page: 2, pageSize: 1 },
      deadline: expect.any(Number),
    });
    expect(received.at(-1)?.deadline).toBeGreaterThanOrEqual(sent + 5_000);
  });

  it('applies the default page when none is given', async () => {
    await fetch(`${url}/api/movies`);
    expect(received.at(-1)?.data).toEqual({ page: 1, pageSize: 24 });
  });

  it('holds a page every visitor reads alike: asked twice, one RPC; a change the catalogue announces drops it', async () => {
    const page = () =>
      fetch(`${url}/api/movies?page=2&pageSize=2`).then(async (res) => [res.status, await res.json()]);
    const before = received.length;
    const [first, again] = [await page(), await page()];
    expect(again).toEqual(first);
    expect(first[0]).toBe(200);
    expect(received.length - before).toBe(1);

    await announceCatalogueChange();
    expect(await page()).toEqual(first);
    expect(received.length - before).toBe(2);
  });

  it('answers 500 "Internal error" when a reply breaks its contract, instead of passing it on', async () => {
    const res = await fetch(`${url}/api/movies?page=99&pageSize=1`);
    expect(res.status).toBe(500);
    expect(await res.json()).toMatchObject({ code: ErrorCode.Internal, message: 'Internal error' });
  });

  describe("a list page relayed as the service's JSON bytes (issue 29 §3)", () => {
    /** The page as the catalogue's contract parses it, serialised: what the service sends. */
    const page3 = () =>
      JSON.stringify(
        MovieRpc.list.reply.parse({
          data: Array.from({ length: 12 }, () => lagaan),
          page: 3,
          pageSize: 12,
          total: 36,
        }),
      );
    const get = (headers: Record<string, string>, method = 'GET') =>
      new Promise<{ status?: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        const req = request(`${url}/api/movies?page=3&pageSize=12`, { method, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        });
        req.on('error', reject);
        req.end();
      });

    it('answers the bytes the service checked and wrote, as JSON in UTF-8, without an ETag', async () => {
      const res = await get({});
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers.etag).toBeUndefined();
      expect(res.headers['cache-control']).toContain('no-store');
      expect(res.body.toString()).toBe(page3());
      expect(res.headers['content-length']).toBe(String(res.body.length));
    });

    it('compresses them for a browser, and answers HEAD with no body', async () => {
      const br = await get({ 'accept-encoding': 'gzip, deflate, br' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toContain('Accept-Encoding');
      expect(brotliDecompressSync(br.body).toString()).toBe(page3());
      const gzip = await get({ 'accept-encoding': 'gzip' });
      expect(gunzipSync(gzip.body).toString()).toBe(page3());
      const head = await get({}, 'HEAD');
      expect([head.status, head.body.length]).toEqual([200, 0]);
    });
  });

  it.each(['pageSize=0', 'pageSize=abc', 'page[$gt]=', 'sort=random', 'page=1&page=2'])(
    'rejects ?%s with 400 and a clear message',
    async (query) => {
      const before = received.length;
      const res = await fetch(`${url}/api/movies?${query}`);
      expect(res.status).toBe(400);
      const body = (await res.json()) as ApiError;
      expect(body.code).toBe(ErrorCode.ValidationFailed);
      expect(body.message).toMatch(/^Invalid query: /);
      expect(body.correlationId).toBe(res.headers.get('x-correlation-id'));
      expect(received.length).toBe(before);
    },
  );

  it.each([
    ['malformed JSON', '{"firstName": ', 400, 'Malformed request body'],
    [
      'a body over the limit',
      JSON.stringify({ message: 'x'.repeat(2_000_000) }),
      413,
      'Request body is too large',
    ],
  ])('answers %s with its status and a clear message', async (_, body, status, message) => {
    const res = await fetch(`${url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(res.status).toBe(status);
    expect((await res.json()) as ApiError).toMatchObject({ message });
  });

  it('refuses a __proto__ key by name, the body parsed as JSON.parse parses it', async () => {
    const res = await fetch(`${url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name": "A", "__proto__": {"admin": true}}',
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ApiError).message).toMatch(/__proto__/);
  });

  it('reads a body over the limit to its end before answering 413, for a proxy that sends it whole first', async () => {
    // nginx has the whole body before it sends any of it, and reads the answer once it has sent it all.
    const body = Buffer.alloc(2_000_000, 'x');
    const answer = await new Promise<{ status: number; text: string; connection?: string }>(
      (resolve, reject) => {
        const req = request(`${url}/api/contact`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': body.length },
        });
        req.on('error', reject);
        req.on('response', (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, text, connection: res.headers.connection }),
          );
        });
        req.end(body);
      },
    );
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.text)).toMatchObject({ message: 'Request body is too large' });
    // The body was read to its end before the answer, so the connection is not cut under a proxy still sending it.
    expect(answer.connection).toBe('keep-alive');
  });

  it('echoes a well-formed correlation id and replaces a hostile one', async () => {
    const ok = await fetch(`${url}/api/health/live`, { headers: { 'x-correlation-id': 'abc-123' } });
    expect(ok.headers.get('x-correlation-id')).toBe('abc-123');
    const hostile = await fetch(`${url}/api/health/live`, { headers: { 'x-correlation-id': '<script>' } });
    expect(hostile.headers.get('x-correlation-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('GET /api/health is 503 and names every service that is down', async () => {
    const res = await fetch(`${url}/api/health`);
    expect(res.status).toBe(503);
    const report = (await res.json()) as HealthReport;
    expect(report.status).toBe(HealthStatus.Down);
    expect(report.components['catalogue-service']).toEqual({ status: HealthStatus.Up });
    expect(report.components['auth-service']).toEqual({
      status: HealthStatus.Down,
      message: 'Sign-in is unavailable right now.',
    });
  });

  it('serves generated posters as SVG and 404s anything else', async () => {
    const poster = await fetch(`${url}/images/w500/generated/${movieId}.svg`);
    expect(poster.status).toBe(200);
    expect(poster.headers.get('content-type')).toContain('image/svg+xml');
    expect(await poster.text()).toBe('<svg>Lagaan</svg>');
    expect((await fetch(`${url}/images/w500/generated/not-an-id.svg`)).status).toBe(404);
    const missing = await fetch(`${url}/images/w500/generated/${'b'.repeat(24)}.svg`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: ErrorCode.NotFound, message: 'Movie not found' });
  });

  it('proxies /stream/** to the streaming service with the Range header', async () => {
    const res = await fetch(`${url}/stream/abc?token=t`, { headers: { range: 'bytes=0-3' } });
    expect(res.status).toBe(206);
    expect(await res.text()).toBe('abcd');
    expect(streamRequests.at(-1)).toEqual({ url: '/stream/abc?token=t', range: 'bytes=0-3' });
  });

  it('serves the web app for client-side routes but JSON 404s under /api', async () => {
    const page = await fetch(`${url}/userdashboard`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>Streamly</title>');
    const api = await fetch(`${url}/api/no-such-thing`);
    expect(api.status).toBe(404);
    expect(((await api.json()) as ApiError).code).toBe(ErrorCode.NotFound);
  });

  describe('a method a path is not served with (405 and Allow, from the routes themselves)', () => {
    /** fetch refuses to send TRACE, so node:http. */
    const send = (method: string, path: string) =>
      new Promise<{ status: number; allow?: string; body: string }>((resolve, reject) => {
        const req = request(`${url}${path}`, { method }, (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, allow: res.headers.allow, body }));
        });
        req.on('error', reject);
        req.end();
      });

    it.each([
      ['TRACE', '/api/movies', 'GET, HEAD, POST'],
      ['PUT', '/api/health', 'GET, HEAD'],
      ['DELETE', '/create-order', 'POST'],
      ['GET', '/api/payments/create-order', 'POST'],
      ['TRACE', '/api/docs', 'GET, HEAD'],
    ])('%s %s is 405, Allow: %s, an error body like any other', async (method, path, allow) => {
      const answer = await send(method, path);
      expect([answer.status, answer.allow]).toEqual([405, allow]);
      expect(JSON.parse(answer.body)).toEqual({
        code: ErrorCode.MethodNotAllowed,
        message: `${method} is not allowed here (Allow: ${allow})`,
        correlationId: expect.any(String),
      });
    });

    it('a path nothing serves stays 404, and the web app and the stream proxy answer as before', async () => {
      expect((await send('TRACE', '/api/no-such-thing')).status).toBe(404);
      expect((await send('POST', '/userdashboard')).status).toBe(404);
      // A web path that is also an API path of another method: GET and HEAD still get the app.
      for (const method of ['GET', 'HEAD']) {
        const page = await send(method, '/create-order');
        expect([method, page.status, page.allow]).toEqual([method, 200, undefined]);
      }
      expect((await send('PUT', '/stream/abc')).status).toBe(206);
    });
  });

  it("keeps an idle keep-alive connection past Node's 5 s default, for the proxy in front to reuse", async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const get = () =>
      new Promise<{ status?: number; reused: boolean }>((resolve, reject) => {
        const req = httpGet(`${url}/`, { agent }, (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode, reused: req.reusedSocket }));
        });
        req.on('error', reject);
      });
    try {
      expect(await get()).toEqual({ status: 200, reused: false });
      await new Promise((resolve) => setTimeout(resolve, 5_500));
      expect(await get()).toEqual({ status: 200, reused: true });
    } finally {
      agent.destroy();
    }
  });

  it('publishes OpenAPI docs', async () => {
    const res = await fetch(`${url}/api/docs-json`);
    expect(res.status).toBe(200);
    expect(Object.keys(((await res.json()) as { paths: object }).paths)).toEqual(
      expect.arrayContaining(['/api/movies', '/api/health']),
    );
  });

  it('answers 503 naming the catalogue when it stops', async () => {
    await catalogue.close();
    // A page not asked before: one asked already is still held for visitors (PublicCatalogue).
    const down = await fetch(`${url}/api/movies?page=4&pageSize=1`);
    expect(down.status).toBe(503);
    expect(await down.json()).toMatchObject({
      code: ErrorCode.ServiceUnavailable,
      message: 'The catalogue is unavailable right now.',
    });
    const health = (await (await fetch(`${url}/api/health`)).json()) as HealthReport;
    expect(health.components['catalogue-service'].status).toBe(HealthStatus.Down);
  });
});
