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
});
