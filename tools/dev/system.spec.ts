import { readFileSync } from 'node:fs';
import path from 'node:path';
import { GATEWAY_DEFAULT_PORT, ServiceDefaults, ServiceNames } from '@app/contracts';
import {
  DEFAULT_GATEWAY_PORT,
  DEFAULT_PORTS,
  LAUNCHED_GATEWAY_ENV,
  READY_STEPS,
  waitUntilReady,
} from './system';

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

describe('ready means ready (issue 24)', () => {
  const root = path.join(__dirname, '../..');
  const builtScripts = ServiceNames.flatMap((name) => {
    const project = JSON.parse(readFileSync(path.join(root, `apps/${name}/project.json`), 'utf8')) as {
      targets: { build: { options: { command?: string; commands?: string[] } } };
    };
    const { command, commands = [command ?? ''] } = project.targets.build.options;
    return commands.map((line) => line.split(' ').at(-1));
  });

  it('waits, before giving the URL, until every seeded title plays, with a script the build makes', () => {
    expect(READY_STEPS.map(({ script }) => script)).toEqual(['dist/apps/catalogue-service/await-media.js']);
    for (const { script } of READY_STEPS) expect(builtScripts).toContain(script);
  });
});

describe('waitUntilReady: the URL only once every service is healthy and every seeded title plays', () => {
  /** A wait the test settles by hand; it records an abort of its signal. */
  const pending = () => {
    let settle: { resolve: () => void; reject: (error: Error) => void } = {
      resolve: () => undefined,
      reject: () => undefined,
    };
    const seen = { aborted: false };
    const start = (signal?: AbortSignal) =>
      new Promise<void>((resolve, reject) => {
        settle = { resolve, reject };
        signal?.addEventListener('abort', () => {
          seen.aborted = true;
          reject(new Error('aborted'));
        });
      });
    return { start, settle: () => settle, seen };
  };
  const settled = async (promise: Promise<unknown>) => {
    let done = false;
    void promise.then(
      () => (done = true),
      () => (done = true),
    );
    await new Promise((resolve) => setImmediate(resolve));
    return done;
  };

  it('answers only when the services are healthy and the mapping is done, whichever ends first', async () => {
    const health = pending();
    const mapping = pending();
    const ready = waitUntilReady(() => health.start(), [(signal) => mapping.start(signal)]);
    mapping.settle().resolve();
    expect(await settled(ready)).toBe(false);
    health.settle().resolve();
    await expect(ready).resolves.toBeUndefined();
  });

  it('stops the mapping wait when a service never becomes healthy, and says why', async () => {
    const health = pending();
    const mapping = pending();
    const ready = waitUntilReady(() => health.start(), [(signal) => mapping.start(signal)]);
    health.settle().reject(new Error('gateway not healthy after 90 s'));
    await expect(ready).rejects.toThrow('gateway not healthy after 90 s');
    expect(mapping.seen.aborted).toBe(true);
  });

  it('fails when the mapping stalls, even with every service healthy', async () => {
    const mapping = pending();
    const ready = waitUntilReady(() => Promise.resolve(), [(signal) => mapping.start(signal)]);
    mapping.settle().reject(new Error('20 of 50 seeded titles still cannot play'));
    await expect(ready).rejects.toThrow('20 of 50 seeded titles still cannot play');
  });
});
