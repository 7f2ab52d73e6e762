import 'reflect-metadata';
import type { NatsContext } from '@nestjs/microservices';
import type { Msg } from 'nats';
import { firstValueFrom, isObservable, type Observable, of } from 'rxjs';
import { ErrorCode, MoviePatterns, MovieRpc } from '@app/contracts';
import { JsonReply } from './rpc-reply';
import { RpcServer, type ShedReason } from './rpc-server';

/** A service's handler as Nest registers it: it resolves to the reply stream once it has done its work. */
type Pending = { envelope: unknown; finish: (reply: unknown) => void };

const serviceWith = (limits: { maxInFlight: number; maxQueued: number }) => {
  const shed: ShedReason[] = [];
  const started: Pending[] = [];
  const server = new RpcServer(
    'catalogue-service',
    { url: 'nats://127.0.0.1:1' },
    {
      admission: {
        limits,
        busyMessage: 'The catalogue is busy right now. Please try again in a moment.',
        onShed: (reason) => shed.push(reason),
      },
    },
  );
  const work = (envelope: unknown) =>
    new Promise<Observable<unknown>>((resolve) =>
      started.push({ envelope, finish: (reply) => resolve(of(reply)) }),
    );
  server.addHandler('catalogue.movies.list', work);
  server.addHandler('catalogue-service.health', () => Promise.resolve(of({ status: 'up' })));
  const call = (pattern: string, envelope: unknown) => {
    const handler = server.getHandlerByPattern(pattern);
    if (!handler) throw new Error(`no handler for ${pattern}`);
    return handler(envelope);
  };
  return { server, shed, started, call };
};

const envelope = (deadline?: number) => ({ correlationId: 'c', data: {}, ...(deadline ? { deadline } : {}) });
const outcome = async (answer: Promise<Observable<unknown>>) => {
  const stream = await answer;
  expect(isObservable(stream)).toBe(true);
  return firstValueFrom(stream).then(
    (reply) => ({ reply }),
    (error: unknown) => ({ error }),
  );
};

describe('RpcServer admission and deadlines', () => {
  it('drops a request whose deadline has passed before starting it, and counts it', async () => {
    const { started, shed, call } = serviceWith({ maxInFlight: 4, maxQueued: 4 });

    const answer = await outcome(call('catalogue.movies.list', envelope(Date.now() - 1)));

    expect(answer).toEqual({ error: expect.objectContaining({ code: ErrorCode.ServiceTimeout }) });
    expect(started).toHaveLength(0);
    expect(shed).toEqual(['deadline']);
  });

  it('drops a queued request whose deadline passed while it waited, and gives its place to the next', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask'] });
    try {
      const { started, shed, call } = serviceWith({ maxInFlight: 1, maxQueued: 2 });
      const first = call('catalogue.movies.list', envelope(Date.now() + 1_000));
      const late = call('catalogue.movies.list', envelope(Date.now() + 100));
      const patient = call('catalogue.movies.list', envelope(Date.now() + 5_000));
      expect(started).toHaveLength(1);

      jest.setSystemTime(Date.now() + 500);
      started[0].finish('one');
      expect(await outcome(first)).toEqual({ reply: 'one' });

      expect(await outcome(late)).toEqual({
        error: expect.objectContaining({ code: ErrorCode.ServiceTimeout }),
      });
      expect(started).toHaveLength(2);
      started[1].finish('three');
      expect(await outcome(patient)).toEqual({ reply: 'three' });
      expect(shed).toEqual(['deadline']);
    } finally {
      jest.useRealTimers();
    }
  });

  it("answers OVERLOADED in the feature's words at once beyond its places and queue, and counts it", async () => {
    const { started, shed, call } = serviceWith({ maxInFlight: 1, maxQueued: 1 });
    const answers = [1, 2, 3].map(() => call('catalogue.movies.list', envelope(Date.now() + 5_000)));

    expect(await outcome(answers[2])).toEqual({
      error: {
        code: ErrorCode.Overloaded,
        message: 'The catalogue is busy right now. Please try again in a moment.',
      },
    });
    expect(shed).toEqual(['overloaded']);
    started[0].finish('one');
    expect(await outcome(answers[0])).toEqual({ reply: 'one' });
    started[1].finish('two');
    expect(await outcome(answers[1])).toEqual({ reply: 'two' });
  });

  it('holds the place until the reply is sent, then admits again', async () => {
    const { started, call } = serviceWith({ maxInFlight: 1, maxQueued: 0 });
    const first = call('catalogue.movies.list', envelope());
    expect(await outcome(call('catalogue.movies.list', envelope()))).toMatchObject({
      error: { code: ErrorCode.Overloaded },
    });

    started[0].finish('one');
    await outcome(first);

    const again = call('catalogue.movies.list', envelope());
    expect(started).toHaveLength(2);
    started[1].finish('two');
    expect(await outcome(again)).toEqual({ reply: 'two' });
  });

  it('always answers health, however busy', async () => {
    const { call } = serviceWith({ maxInFlight: 1, maxQueued: 0 });
    void call('catalogue.movies.list', envelope());

    expect(await outcome(call('catalogue-service.health', envelope()))).toEqual({ reply: { status: 'up' } });
  });
});

describe('RpcServer replies', () => {
  /** What the service publishes for a reply of `pattern` (the message's reply subject gets the bytes). */
  const published = (pattern: string, response: unknown, subjectPrefix = '') => {
    const server = new RpcServer('catalogue-service', { url: 'nats://127.0.0.1:1' }, { subjectPrefix });
    const respond = jest.fn();
    const msg = { subject: `${subjectPrefix}${pattern}`, reply: '_INBOX.1', respond } as unknown as Msg;
    server.getPublisher(msg, 'id-1', {} as NatsContext)({ response, isDisposed: true });
    return Buffer.from(respond.mock.calls[0][0] as Uint8Array).toString();
  };
  const rating = { rating: '8.1', votes: '120,000', imdbId: 'tt0169102', secret: 'dropped' };

  it('checks every reply to a described pattern and sends it as its contract parses it, in the checked frame', () => {
    const sent = published(MoviePatterns.rating, rating, 'test-1.');
    expect(sent.startsWith('{"id":"id-1","isDisposed":true,"response":')).toBe(true);
    expect(JSON.parse(sent)).toEqual({
      id: 'id-1',
      isDisposed: true,
      response: MovieRpc.rating.reply.parse(rating),
    });
    expect(sent).not.toContain('secret');
  });

  it('answers Internal error for a reply that breaks its contract', () => {
    expect(JSON.parse(published(MoviePatterns.rating, { ...rating, rating: 8.1 }))).toEqual({
      id: 'id-1',
      isDisposed: true,
      err: { code: ErrorCode.Internal, message: 'Internal error' },
    });
  });

  it('sends JSON checked when it was written (a cached page) as its bytes, in the checked frame', () => {
    const json = '{"rating":"8.1","votes":null,"imdbId":null}';
    expect(published(MoviePatterns.rating, new JsonReply(Buffer.from(json)))).toBe(
      `{"id":"id-1","isDisposed":true,"response":${json}}`,
    );
  });

  it('sends the reply to a pattern no contract describes as it is, for its caller to check', () => {
    expect(JSON.parse(published('test.undescribed', { any: 1 }))).toEqual({
      id: 'id-1',
      isDisposed: true,
      response: { any: 1 },
    });
  });
});

describe('RpcServer start', () => {
  it('calls itself listening only once NATS has answered a PING sent after its subscriptions', async () => {
    const steps: string[] = [];
    let pong: () => void = () => undefined;
    const client = {
      subscribe: (subject: string) => {
        steps.push(`subscribe ${subject}`);
        return { unsubscribe: () => undefined };
      },
      flush: () => {
        steps.push('ping');
        return new Promise<void>((resolve) => {
          pong = () => {
            steps.push('pong');
            resolve();
          };
        });
      },
      status: async function* () {},
    };
    const server = new RpcServer('catalogue-service', { url: 'nats://127.0.0.1:1' });
    server.addHandler('catalogue.movies.list', () => Promise.resolve(of([])));
    jest.spyOn(server, 'createNatsClient').mockResolvedValue(client);

    const listening = new Promise<void>((resolve) => void server.listen(() => resolve()));
    const heard = () =>
      Promise.race([listening.then(() => true), new Promise((r) => setTimeout(r, 20, false))]);

    expect(await heard()).toBe(false);
    expect(steps).toEqual(['subscribe catalogue.movies.list', 'ping']);
    pong();
    expect(await heard()).toBe(true);
    expect(steps).toEqual(['subscribe catalogue.movies.list', 'ping', 'pong']);
  });
});

describe('RpcServer routes', () => {
  it('works out the route of a handled pattern once, and keeps none for patterns it does not handle', () => {
    const server = new RpcServer('catalogue-service', { url: 'nats://127.0.0.1:1' });
    const handler = () => Promise.resolve(of([]));
    server.addHandler('catalogue.movies.list', handler);
    const parse = jest.spyOn(JSON, 'parse');
    try {
      for (let n = 0; n < 5; n++) expect(server.getHandlerByPattern('catalogue.movies.list')).toBe(handler);
      expect(parse).toHaveBeenCalledTimes(1);
      for (let n = 0; n < 3; n++) expect(server.getHandlerByPattern(`unknown.${n}`)).toBeNull();
      expect(server.getHandlerByPattern('unknown.0')).toBeNull();
      // Unknown patterns are worked out each time: nothing a caller sends grows what is kept.
      expect(parse).toHaveBeenCalledTimes(1 + 4);
    } finally {
      parse.mockRestore();
    }
  });
});
