import { rpcByPattern } from './rpc-catalogue';
import { healthPattern } from './rpc';
import { ServiceDefaults, ServiceNames } from './services';

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
