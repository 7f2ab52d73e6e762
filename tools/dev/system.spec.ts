import { GATEWAY_DEFAULT_PORT, ServiceDefaults, ServiceNames } from '@app/contracts';
import { DEFAULT_GATEWAY_PORT, DEFAULT_PORTS, LAUNCHED_GATEWAY_ENV } from './system';

describe('dev launcher default ports', () => {
  it('are the ports of the ServiceDefaults table, for every service', () => {
    expect(DEFAULT_PORTS).toEqual(
      Object.fromEntries(ServiceNames.map((name) => [name, { http: ServiceDefaults[name].httpPort }])),
    );
    expect(DEFAULT_GATEWAY_PORT).toBe(GATEWAY_DEFAULT_PORT);
  });
});

describe('the launched gateway', () => {
  it('runs as in production but serves the OpenAPI document at /api/docs, as the README promises', () => {
    expect(LAUNCHED_GATEWAY_ENV).toMatchObject({ NODE_ENV: 'production', API_DOCS: 'on' });
  });
});
