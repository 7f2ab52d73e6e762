import { GATEWAY_DEFAULT_PORT, NATS_DEFAULT_URL, ServiceDefaults } from '@app/contracts';
import { envSchema } from './env';

describe('gateway env defaults', () => {
  const defaults: Record<string, unknown> = envSchema.parse({});

  it('reach every service over the local NATS server', () => {
    expect(defaults).toMatchObject({ NATS_URL: NATS_DEFAULT_URL, RPC_TIMEOUT_MS: 3_000 });
    expect(Object.keys(defaults).filter((key) => /_ADDR$/.test(key))).toEqual([]);
  });

  it('reach the streaming service at its HTTP port and listen on the gateway port', () => {
    expect(defaults).toMatchObject({
      STREAMING_HTTP_URL: `http://127.0.0.1:${ServiceDefaults['streaming-service'].httpPort}`,
      PORT: GATEWAY_DEFAULT_PORT,
      PUBLIC_URL: `http://localhost:${GATEWAY_DEFAULT_PORT}`,
    });
  });

  it('count rate limits in the local Redis, with the budgets the README documents', () => {
    expect(defaults).toMatchObject({
      REDIS_URL: 'redis://127.0.0.1:6379',
      RATE_LIMIT_PER_MINUTE: 600,
      RATE_LIMIT_BROWSE_PER_MINUTE: 120,
      RATE_LIMIT_CONTACT_PER_HOUR: 5,
    });
  });

  it('reuse a resolved session for 5 s by default (0 turns it off)', () => {
    expect(defaults).toMatchObject({ SESSION_CACHE_SECONDS: 5 });
    expect(envSchema.parse({ SESSION_CACHE_SECONDS: '0' }).SESSION_CACHE_SECONDS).toBe(0);
  });

  it('admit 24 API requests at once and queue 8 more by default, event-loop delay unwatched, as the README documents', () => {
    expect(defaults).toMatchObject({
      ADMISSION_MAX_IN_FLIGHT: 24,
      ADMISSION_MAX_QUEUED: 8,
      ADMISSION_MAX_EVENT_LOOP_DELAY_MS: 0,
    });
    expect(envSchema.parse({ ADMISSION_MAX_QUEUED: '0' }).ADMISSION_MAX_QUEUED).toBe(0);
  });

  it.each([
    ['ADMISSION_MAX_IN_FLIGHT', '0'],
    ['ADMISSION_MAX_IN_FLIGHT', 'many'],
    ['ADMISSION_MAX_QUEUED', '-1'],
    ['REDIS_URL', 'http://redis:6379'],
    ['RATE_LIMIT_PER_MINUTE', '0'],
    ['RATE_LIMIT_CONTACT_PER_HOUR', 'five'],
    ['NATS_URL', '127.0.0.1:4222'],
    ['NATS_URL', 'nats://a:4222, nats://b:4222'],
    ['NATS_PASSWORD', '4e5a9c0d1b2e3f4a5b6c'],
    ['NATS_PASSWORD', 'short'],
    ['SESSION_CACHE_SECONDS', '-1'],
    ['SESSION_CACHE_SECONDS', '3600'],
  ])('refuse %s=%s', (key, value) => {
    expect(envSchema.safeParse({ [key]: value }).success).toBe(false);
  });
});
