import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { findFreePort } from '@app/server-testing';
import { envSchema } from '../env';
import { createGateway } from '../gateway';

const INDEX = '<!doctype html><title>Streamly</title>';

describe('gateway web app files', () => {
  let gateway: INestApplication;
  let url: string;
  let webDir: string;

  beforeAll(async () => {
    // A build without precompressed variants, plus files named like server paths that must never be served.
    webDir = mkdtempSync(path.join(tmpdir(), 'web-app-'));
    mkdirSync(path.join(webDir, 'assets'));
    mkdirSync(path.join(webDir, 'api'));
    mkdirSync(path.join(webDir, 'images'));
    writeFileSync(path.join(webDir, 'index.html'), INDEX);
    writeFileSync(path.join(webDir, 'robots.txt'), 'User-agent: *');
    writeFileSync(path.join(webDir, 'assets', 'logo-abc123.svg'), '<svg/>');
    writeFileSync(path.join(webDir, '.env'), 'SECRET=1');
    writeFileSync(path.join(webDir, 'api', 'docs-json'), 'a file of the build');
    writeFileSync(path.join(webDir, 'images', 'poster.svg'), '<svg/>');

    gateway = await createGateway(
      envSchema.parse({
        LOG_LEVEL: 'error',
        // No service is asked anything here: NATS is never connected to.
        NATS_URL: `nats://127.0.0.1:${await findFreePort()}`,
        WEB_DIST_DIR: webDir,
      }),
    );
    await gateway.listen(0, '127.0.0.1');
    url = (await gateway.getUrl()).replace('[::1]', '127.0.0.1');
  });

  afterAll(async () => {
    await gateway?.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it('sends a file of the build cached for an hour, and 304 when the client has it', async () => {
    const res = await fetch(`${url}/robots.txt`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('User-agent: *');
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    const etag = res.headers.get('etag');
    expect(etag).toBeTruthy();

    // node:http, not fetch: fetch adds `Cache-Control: no-cache` to a conditional request, which forbids a 304.
    const status = await new Promise<number | undefined>((resolve, reject) =>
      get(`${url}/robots.txt`, { headers: { 'if-none-match': etag ?? '' } }, (again) => {
        again.resume();
        resolve(again.statusCode);
      }).on('error', reject),
    );
    expect(status).toBe(304);
  });

  it('sends hashed assets as immutable', async () => {
    const res = await fetch(`${url}/assets/logo-abc123.svg`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('answers a client-side route, a directory and a dotfile with index.html', async () => {
    for (const route of ['/movies/123', '/assets', '/assets/', '/.env']) {
      const res = await fetch(`${url}${route}`);
      expect({ route, status: res.status }).toEqual({ route, status: 200 });
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toBe(INDEX);
    }
  });

  it('refuses a path that cannot be decoded with a 400 in the house format, its headers set', async () => {
    const res = await fetch(`${url}/%E0%A4%A`);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { code: string; message: string; correlationId: string };
    expect(body).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Malformed request path',
      correlationId: res.headers.get('x-correlation-id'),
    });
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
  });

  it('never serves a file of the build under a server path', async () => {
    const docs = await fetch(`${url}/api/docs-json`);
    expect(docs.status).toBe(200);
    expect(await docs.json()).toMatchObject({ openapi: expect.any(String) });
    // An answer built by the API is not hashed for an ETag (issue 29 §3): files of the build keep theirs (above).
    expect(docs.headers.get('etag')).toBeNull();

    // No image route matches this path: the API's 404, not the file.
    const image = await fetch(`${url}/images/poster.svg`);
    expect(image.status).toBe(404);
  });
});
