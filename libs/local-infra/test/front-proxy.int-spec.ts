import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findFreePort, MEDIA_ACCEL_PREFIX, startFrontProxy, type FrontProxyHandle } from '../src';

/** A stand-in for one upstream (the gateway or streaming-service): answers by the path, remembers what it saw. */
const upstream = async (answer: (url: string, res: ServerResponse) => void) => {
  const seen: Array<{ url: string; headers: IncomingHttpHeaders; bodyBytes: number }> = [];
  const server: Server = createServer((req, res) => {
    let bodyBytes = 0;
    req.on('data', (chunk: Buffer) => (bodyBytes += chunk.length));
    req.on('end', () => {
      seen.push({ url: req.url ?? '', headers: req.headers, bodyBytes });
      answer(req.url ?? '', res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

/** The one URL of `npm start` (issue 29 §4): nginx in front of the gateway and of streaming-service's checks. */
describe('front proxy (nginx): the one URL', () => {
  let work: string;
  let front: FrontProxyHandle;
  let gateway: Awaited<ReturnType<typeof upstream>>;
  let streaming: Awaited<ReturnType<typeof upstream>>;
  let checks: Awaited<ReturnType<typeof upstream>>;
  const segment = randomBytes(300_000);
  /** The gateway stand-in's answers to `/api/slow…`, held until a test lets them go. */
  const held: Array<() => void> = [];

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'front-proxy-'));
    const media = path.join(work, 'media');
    await mkdir(path.join(media, 'movies/m1/hls/480p'), { recursive: true });
    await writeFile(path.join(media, 'movies/m1/hls/480p/seg_00001.m4s'), segment);
    gateway = await upstream((url, res) => {
      const answer = () => res.writeHead(200, { 'Content-Type': 'text/plain' }).end('gateway');
      if (url.startsWith('/api/slow')) held.push(answer);
      else answer();
    });
    streaming = await upstream((_url, res) => res.writeHead(201, { 'Content-Length': '0' }).end());
    checks = await upstream((url, res) => {
      if (url.startsWith('/stream/t/good/')) {
        const file = url.slice('/stream/t/good/'.length);
        res
          .writeHead(200, {
            'X-Accel-Redirect': `${MEDIA_ACCEL_PREFIX}${file}`,
            'Content-Type': 'video/iso.segment',
            'Cache-Control': 'private, max-age=60, immutable',
          })
          .end();
      } else res.writeHead(403, { 'Content-Length': '0', 'Cache-Control': 'no-store' }).end();
    });
    front = await startFrontProxy({
      dir: path.join(work, 'nginx'),
      port: await findFreePort(),
      host: '127.0.0.1',
      gatewayPort: gateway.port,
      streamingPort: streaming.port,
      streamChecksPort: checks.port,
      mediaDir: media,
      workers: 1,
      apiAdmission: {
        maxInFlight: 2,
        retryAfterSeconds: 1,
        code: 'OVERLOADED',
        message: 'Streamly is busy right now. Please try again in a moment.',
      },
    });
  });

  afterAll(async () => {
    await front?.stop();
    await gateway?.close();
    await streaming?.close();
    await checks?.close();
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('sends a checked file with the Content-Type and Cache-Control streaming-service chose', async () => {
    const res = await fetch(`${front.url}/stream/t/good/movies/m1/hls/480p/seg_00001.m4s`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('video/iso.segment');
    expect(res.headers.get('cache-control')).toBe('private, max-age=60, immutable');
    expect(res.headers.get('x-accel-redirect')).toBeNull();
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await res.arrayBuffer()).equals(segment)).toBe(true);
  });

  it('answers ranges and validators itself (206 with Content-Range; 304 on a matching ETag)', async () => {
    const url = `${front.url}/stream/t/good/movies/m1/hls/480p/seg_00001.m4s`;
    const ranged = await fetch(url, { headers: { Range: 'bytes=1000-1999' } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toBe(`bytes 1000-1999/${segment.length}`);
    expect(Buffer.from(await ranged.arrayBuffer()).equals(segment.subarray(1000, 2000))).toBe(true);
    const etag = ranged.headers.get('etag') ?? '';
    expect(etag).not.toBe('');
    const again = await fetch(url, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
  });

  it("passes streaming-service's refusals through, and no bytes with them", async () => {
    const res = await fetch(`${front.url}/stream/t/forged/movies/m1/hls/480p/seg_00001.m4s`);
    expect(res.status).toBe(403);
    expect((await res.arrayBuffer()).byteLength).toBe(0);
  });

  it('answers an empty, uncacheable 404 for a checked name with no file behind it', async () => {
    const res = await fetch(`${front.url}/stream/t/good/movies/m1/hls/480p/seg_09999.m4s`);
    expect(res.status).toBe(404);
    // nginx keeps the checked answer's Cache-Control and adds no-store, which wins (RFC 9111 §5.2.2.5).
    expect(res.headers.get('cache-control')).toMatch(/(^|, )no-store$/);
    expect((await res.arrayBuffer()).byteLength).toBe(0);
  });

  it("sends uploads to streaming-service's HTTP port, bodies streamed whatever their size", async () => {
    const body = randomBytes(5 * 1024 * 1024);
    const res = await fetch(`${front.url}/stream/upload/ticket-1`, { method: 'PUT', body });
    expect(res.status).toBe(201);
    expect(streaming.seen.at(-1)).toEqual(
      expect.objectContaining({ url: '/stream/upload/ticket-1', bodyBytes: body.length }),
    );
    expect(checks.seen.some((request) => request.url.startsWith('/stream/upload/'))).toBe(false);
  });

  it('never serves the internal media location to a request from outside', async () => {
    const res = await fetch(`${front.url}${MEDIA_ACCEL_PREFIX}movies/m1/hls/480p/seg_00001.m4s`);
    expect(res.status).toBe(404);
    expect((await res.arrayBuffer()).byteLength).toBe(0);
  });

  it('sends everything else to the gateway with the client address, streaming request bodies of any size', async () => {
    const body = randomBytes(3 * 1024 * 1024);
    const res = await fetch(`${front.url}/api/anything?x=1`, {
      method: 'POST',
      body,
      headers: { 'X-Forwarded-For': '203.0.113.7' },
    });
    expect(await res.text()).toBe('gateway');
    const seen = gateway.seen.at(-1);
    expect(seen?.url).toBe('/api/anything?x=1');
    expect(seen?.bodyBytes).toBe(body.length);
    // The client's own claim first, then the address nginx saw: the gateway trusts only loopback hops.
    expect(seen?.headers['x-forwarded-for']).toBe('203.0.113.7, 127.0.0.1');
    expect(seen?.headers.host).toBe(new URL(front.url).host);
  });

  it('sheds /api beyond the gateway’s places itself: 503 at once, Retry-After and the house error body', async () => {
    const slow = [fetch(`${front.url}/api/slow/1`), fetch(`${front.url}/api/slow/2`)];
    // Both held requests reach the gateway before the next is asked.
    for (let i = 0; i < 100 && held.length < 2; i += 1) await new Promise((r) => setTimeout(r, 20));
    expect(held).toHaveLength(2);

    const started = Date.now();
    const shed = await fetch(`${front.url}/api/movies`);
    expect(shed.status).toBe(503);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(shed.headers.get('retry-after')).toBe('1');
    expect(shed.headers.get('content-type')).toBe('application/json');
    expect(shed.headers.get('cache-control')).toBe('no-store');
    const body = (await shed.json()) as Record<string, string>;
    expect(body).toEqual({
      code: 'OVERLOADED',
      message: 'Streamly is busy right now. Please try again in a moment.',
      correlationId: expect.stringMatching(/^[a-f0-9]{32}$/),
    });
    expect(gateway.seen.some((seen) => seen.url === '/api/movies')).toBe(false);

    // Health probes and the web app's files are never shed.
    expect((await fetch(`${front.url}/api/health/live`)).status).toBe(200);
    expect((await fetch(`${front.url}/browse`)).status).toBe(200);

    for (const answer of held.splice(0)) answer();
    await Promise.all(slow);
    expect((await fetch(`${front.url}/api/movies`)).status).toBe(200);
  });

  it('takes another /api limit on a reload, without a restart (benches compare limits on one system)', async () => {
    const holdAndCount = async (count: number) => {
      const slow = Array.from({ length: count }, (_, n) => fetch(`${front.url}/api/slow/reload-${n}`));
      for (let i = 0; i < 100 && held.length < Math.min(count, 3); i += 1)
        await new Promise((r) => setTimeout(r, 20));
      const shedNow = (await fetch(`${front.url}/api/movies`)).status;
      for (const answer of held.splice(0)) answer();
      const statuses = (await Promise.all(slow)).map((answer) => answer.status);
      return { reachedGateway: statuses.filter((status) => status === 200).length, shedNow };
    };
    const pid = front.pid;

    await front.setApiPlaces(4);
    // Three held: the fourth place is free for the next request.
    expect(await holdAndCount(3)).toEqual({ reachedGateway: 3, shedNow: 200 });

    await front.setApiPlaces(2);
    expect(front.pid).toBe(pid);
    expect((await holdAndCount(2)).shedNow).toBe(503);
  });
});
