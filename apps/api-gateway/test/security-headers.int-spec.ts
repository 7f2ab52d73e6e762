import type { INestApplication } from '@nestjs/common';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startGateway } from './gateway-harness';

// Issue 14, finding 5: every answer carries the security headers, the web app a strict CSP that still lets
// Razorpay Checkout, the captcha worker and the player in, and API answers are never stored by a cache.

const directivesOf = (header: string | null) =>
  new Map(
    (header ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name, values]),
  );

describe('security headers at the gateway', () => {
  let web: string;
  const gateways: INestApplication[] = [];

  beforeAll(async () => {
    web = await mkdtemp(path.join(tmpdir(), 'gateway-web-'));
    await writeFile(path.join(web, 'index.html'), '<!doctype html><div id="root"></div>');
  });

  afterAll(async () => {
    await Promise.all(gateways.map((gateway) => gateway.close()));
    await rm(web, { recursive: true, force: true });
  });

  const start = async (overrides: Record<string, string> = {}) => {
    const { app, url } = await startGateway({ WEB_DIST_DIR: web, ...overrides });
    gateways.push(app);
    return url;
  };

  it('the web app gets a strict CSP that allows exactly Checkout, blob media and workers, and no framing', async () => {
    const url = await start({
      RAZORPAY_CHECKOUT_URL: 'http://127.0.0.1:4999/v1/checkout.js',
      RAZORPAY_API_URL: 'http://127.0.0.1:4999/v1',
    });
    const page = await fetch(`${url}/userdashboard`);
    expect(page.status).toBe(200);
    const csp = directivesOf(page.headers.get('content-security-policy'));
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual([
      "'self'",
      'http://127.0.0.1:4999',
      'https://api.razorpay.com',
      'https://lumberjack.razorpay.com',
    ]);
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
    expect(csp.get('script-src')).not.toContain("'unsafe-eval'");
    expect(csp.get('connect-src')).toContain('http://127.0.0.1:4999');
    expect(csp.get('frame-src')).toContain('http://127.0.0.1:4999');
    expect(csp.get('media-src')).toEqual(["'self'", 'blob:', 'data:']);
    expect(csp.get('worker-src')).toEqual(["'self'", 'blob:']);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    // Served over http (npm start): upgrading requests or pinning https would break it.
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
    expect(page.headers.get('strict-transport-security')).toBeNull();
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(page.headers.get('x-frame-options')).toBe('DENY');
  });

  it('over https the answers pin https (HSTS) and upgrade requests', async () => {
    const url = await start({ PUBLIC_URL: 'https://streamly.example.in' });
    const page = await fetch(`${url}/`);
    expect(page.headers.get('strict-transport-security')).toBe('max-age=15552000; includeSubDomains');
    expect(directivesOf(page.headers.get('content-security-policy')).has('upgrade-insecure-requests')).toBe(
      true,
    );
  });

  it('API answers are no-store, errors included; posters keep their long caching', async () => {
    const url = await start();
    for (const route of ['/api/health/live', '/api/user', '/api/auth/login', '/api/movies']) {
      const answer = await fetch(`${url}${route}`);
      expect([route, answer.headers.get('cache-control')]).toEqual([route, 'no-store']);
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    }
    const asset = await fetch(`${url}/index.html`);
    expect(asset.headers.get('cache-control')).not.toBe('no-store');
  });
});
