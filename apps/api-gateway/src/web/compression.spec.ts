import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, get, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync, inflateSync } from 'node:zlib';
import { Controller, Get, Header, Module, type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { findFreePort } from '@app/server-testing';
import { envSchema } from '../env';
import { createGateway } from '../gateway';
import { CompressedBodies, compressResponses } from './compression';

type Answer = { status: number; headers: IncomingHttpHeaders; body: Buffer };

/** A raw HTTP GET: the bytes as sent, not decoded the way fetch would decode them. */
const rawGet = (url: string, headers: Record<string, string>) =>
  new Promise<Answer>((resolve, reject) => {
    get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    }).on('error', reject);
  });

const ASSET = `console.log(${JSON.stringify('streamly '.repeat(400))});`;
const INDEX = `<!doctype html><title>Streamly</title><script type="module" src="/assets/app-abc123.js"></script>${'<!-- x -->'.repeat(50)}`;
/** Compressible text, so only the /stream rule (not the content type) keeps it uncompressed. */
const STREAM_BYTES = 'segment '.repeat(2000);

describe('gateway compression', () => {
  let gateway: INestApplication;
  let streaming: Server;
  let url: string;
  let webDir: string;

  beforeAll(async () => {
    streaming = createServer((req, res) => {
      res.writeHead(req.headers.range ? 206 : 200, {
        'content-type': 'text/plain',
        'accept-ranges': 'bytes',
      });
      res.end(STREAM_BYTES);
    });
    await new Promise<void>((resolve) => streaming.listen(0, '127.0.0.1', resolve));

    // A built web app as the precompress step leaves it: each text file with `.br` and `.gz` beside it.
    webDir = mkdtempSync(path.join(tmpdir(), 'web-compression-'));
    mkdirSync(path.join(webDir, 'assets'));
    for (const [file, text] of [
      ['index.html', INDEX],
      ['assets/app-abc123.js', ASSET],
    ]) {
      writeFileSync(path.join(webDir, file), text);
      writeFileSync(path.join(webDir, `${file}.br`), brotliCompressSync(text));
      writeFileSync(path.join(webDir, `${file}.gz`), gzipSync(text));
    }
    writeFileSync(path.join(webDir, 'robots.txt'), 'User-agent: *');

    gateway = await createGateway(
      envSchema.parse({
        LOG_LEVEL: 'error',
        // No service is asked anything here: NATS is never connected to.
        NATS_URL: `nats://127.0.0.1:${await findFreePort()}`,
        STREAMING_HTTP_URL: `http://127.0.0.1:${(streaming.address() as AddressInfo).port}`,
        WEB_DIST_DIR: webDir,
      }),
    );
    await gateway.listen(0, '127.0.0.1');
    url = (await gateway.getUrl()).replace('[::1]', '127.0.0.1');
  });

  afterAll(async () => {
    await gateway?.close();
    streaming?.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it('sends the brotli file of an asset to a client that accepts br, with its own type and Vary', async () => {
    const res = await rawGet(`${url}/assets/app-abc123.js`, { 'accept-encoding': 'gzip, deflate, br' });

    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.body).toString()).toBe(ASSET);
  });

  it('sends gzip to a client without brotli, and the file as it is to one that accepts neither', async () => {
    const gzipped = await rawGet(`${url}/assets/app-abc123.js`, { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.body).toString()).toBe(ASSET);

    const refusesBr = await rawGet(`${url}/assets/app-abc123.js`, { 'accept-encoding': 'br;q=0, gzip' });
    expect(refusesBr.headers['content-encoding']).toBe('gzip');

    const plain = await rawGet(`${url}/assets/app-abc123.js`, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/i);
    expect(plain.body.toString()).toBe(ASSET);
  });

  it('sends index.html for a client-side route compressed too, never cached', async () => {
    const res = await rawGet(`${url}/movies`, { 'accept-encoding': 'br' });

    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.body).toString()).toBe(INDEX);
  });

  it('compresses JSON API answers', async () => {
    const res = await rawGet(`${url}/api/docs-json`, { 'accept-encoding': 'br, gzip' });

    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(res.body).toString())).toMatchObject({
      openapi: expect.any(String),
    });
  });

  it('streams an answer too large to compress in one go (the OpenAPI document), chunked', async () => {
    const plain = await rawGet(`${url}/api/docs-json`, {});
    expect(plain.body.length).toBeGreaterThan(128 * 1024);
    const res = await rawGet(`${url}/api/docs-json`, { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['transfer-encoding']).toBe('chunked');
    expect(gunzipSync(res.body).toString()).toBe(plain.body.toString());
  });

  it('leaves a client that accepts only deflate to the streaming path, and small answers uncompressed', async () => {
    const deflated = await rawGet(`${url}/api/docs-json`, { 'accept-encoding': 'deflate' });
    expect(deflated.headers['content-encoding']).toBe('deflate');
    expect(JSON.parse(inflateSync(deflated.body).toString())).toMatchObject({ openapi: expect.any(String) });

    const small = await rawGet(`${url}/api/no-such-thing`, { 'accept-encoding': 'br' });
    expect(small.status).toBe(404);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString())).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('never compresses /stream: the bytes and the Range answer pass through untouched', async () => {
    const res = await rawGet(`${url}/stream/abc/segment.ts`, {
      'accept-encoding': 'br, gzip',
      range: 'bytes=0-15999',
    });

    expect(res.status).toBe(206);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.toString()).toBe(STREAM_BYTES);
  });
});

/** A page of titles as the catalogue answers it: about 16 kB of JSON. */
const PAGE = {
  data: Array.from({ length: 24 }, (_, i) => ({
    id: `${i}`.padStart(24, '0'),
    title: `Title ${i}`,
    description: 'd'.repeat(500),
  })),
  page: 1,
  total: 24,
};

@Controller('api')
class PageController {
  @Get('page')
  page() {
    return PAGE;
  }

  @Get('fragile')
  @Header('Cache-Control', 'no-transform')
  fragile() {
    return PAGE;
  }
}

@Module({ controllers: [PageController] })
class PageModule {}

describe('compression of whole answers', () => {
  let app: NestFastifyApplication;
  let url: string;

  beforeAll(async () => {
    app = await NestFactory.create<NestFastifyApplication>(PageModule, new FastifyAdapter(), {
      logger: false,
    });
    app.getHttpAdapter().getInstance().addHook('onSend', compressResponses());
    await app.listen(0, '127.0.0.1');
    url = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  });

  afterAll(() => app?.close());

  it.each([
    ['gzip, deflate, br', 'br', brotliDecompressSync],
    ['gzip', 'gzip', gunzipSync],
  ] as const)('sends a JSON answer to %j in %s, whole, with its length', async (accept, encoding, decode) => {
    const res = await rawGet(`${url}/api/page`, { 'accept-encoding': accept });
    expect(res.headers['content-encoding']).toBe(encoding);
    // One body of a known length, not chunks.
    expect(res.headers['transfer-encoding']).toBeUndefined();
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(JSON.stringify(PAGE).length / 4);
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(JSON.parse(decode(res.body).toString())).toEqual(PAGE);
  });

  it('sends it as it is to a client that accepts no encoding, and to HEAD', async () => {
    const plain = await rawGet(`${url}/api/page`, {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.body.toString())).toEqual(PAGE);

    const head = await new Promise<IncomingHttpHeaders>((resolve, reject) =>
      request(`${url}/api/page`, { method: 'HEAD', headers: { 'accept-encoding': 'br' } }, (res) => {
        res.resume();
        resolve(res.headers);
      })
        .on('error', reject)
        .end(),
    );
    expect(head['content-encoding']).toBeUndefined();
  });

  it('leaves an answer marked no-transform alone', async () => {
    const res = await rawGet(`${url}/api/fragile`, { 'accept-encoding': 'br' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body.toString())).toEqual(PAGE);
  });
});

describe('CompressedBodies', () => {
  const page = (n: number) => Buffer.from(JSON.stringify({ ...PAGE, page: n }));

  it('compresses a body once per encoding and hands the same bytes to every later answer of that body', () => {
    const bodies = new CompressedBodies();
    const first = bodies.compress(page(1), 'br');

    // A body equal byte for byte, arriving in another buffer (as each reply from a service does).
    expect(bodies.compress(page(1), 'br')).toBe(first);
    expect(brotliDecompressSync(first).toString()).toBe(page(1).toString());
    const gzip = bodies.compress(page(1), 'gzip');
    expect(gunzipSync(gzip).toString()).toBe(page(1).toString());
    expect(bodies.compress(page(1), 'gzip')).toBe(gzip);
  });

  it('never answers one body with the compressed form of another', () => {
    const bodies = new CompressedBodies();
    bodies.compress(page(1), 'br');

    expect(brotliDecompressSync(bodies.compress(page(2), 'br')).toString()).toBe(page(2).toString());
  });

  it('holds no more compressed bytes than its bound: the least recently sent body goes first', () => {
    const one = brotliCompressSync(page(1)).length;
    const bodies = new CompressedBodies(one * 2 + 10);
    const first = bodies.compress(page(1), 'br');
    bodies.compress(page(2), 'br');
    bodies.compress(page(3), 'br');

    // Page 1 was dropped for page 3: compressed anew, into a new buffer.
    expect(bodies.compress(page(1), 'br')).not.toBe(first);
  });
});
