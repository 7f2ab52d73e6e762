import { GATEWAY_DEFAULT_PORT, ServiceDefaults, ServiceNames } from '@app/contracts';
import { envSchema } from './env';

describe('gateway env defaults', () => {
  const defaults: Record<string, unknown> = envSchema.parse({});

  it('address every service at its port in the ServiceDefaults table', () => {
    const drift = ServiceNames.filter(
      (name) => defaults[ServiceDefaults[name].addressEnv] !== `127.0.0.1:${ServiceDefaults[name].tcpPort}`,
    ).map(
      (name) =>
        `${ServiceDefaults[name].addressEnv} is ${String(defaults[ServiceDefaults[name].addressEnv])}`,
    );
    expect(drift).toEqual([]);
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

  it.each([
    ['REDIS_URL', 'http://redis:6379'],
    ['RATE_LIMIT_PER_MINUTE', '0'],
    ['RATE_LIMIT_CONTACT_PER_HOUR', 'five'],
  ])('refuse %s=%s', (key, value) => {
    expect(envSchema.safeParse({ [key]: value }).success).toBe(false);
  });
});
