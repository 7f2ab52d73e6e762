import { rpcByPattern } from './rpc-registry';
import { healthPattern } from './rpc';
import { ServiceDefaults, ServiceNames, serviceUnavailableMessage } from './services';

describe('RPC subjects (the NATS permissions in k8s/nats.yaml are granted by them)', () => {
  const subjects = ServiceNames.map((name) => ServiceDefaults[name].subject);

  it('give every service a subject of its own', () => {
    expect(new Set(subjects).size).toBe(ServiceNames.length);
  });

  it("start every described pattern with exactly one service's subject", () => {
    const strays = [...rpcByPattern.keys()].filter(
      (pattern) => subjects.filter((subject) => pattern.startsWith(`${subject}.`)).length !== 1,
    );
    expect(strays).toEqual([]);
  });

  it("keep health patterns apart from every service's subjects", () => {
    const clashes = ServiceNames.map((name) => healthPattern(name)).filter((pattern) =>
      subjects.some((subject) => pattern.startsWith(`${subject}.`)),
    );
    expect(clashes).toEqual([]);
  });
});

describe("services in a viewer's words (the gateway's 503 message)", () => {
  it('names the feature, not the process', () => {
    expect(serviceUnavailableMessage('recommendation-service')).toBe(
      'Recommendations are unavailable right now.',
    );
    expect(serviceUnavailableMessage('catalogue-service')).toBe('The catalogue is unavailable right now.');
    expect(serviceUnavailableMessage('payment-service')).toBe('Payments are unavailable right now.');
  });

  it('gives every service a feature name of its own', () => {
    const names = ServiceNames.map((service) => serviceUnavailableMessage(service));
    expect(new Set(names).size).toBe(ServiceNames.length);
    expect(names.filter((message) => /-service/.test(message))).toEqual([]);
  });
});
