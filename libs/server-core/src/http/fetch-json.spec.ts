import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { ErrorCode } from '@app/contracts';
import { AppError } from '../errors/app-error';
import { fetchJson, ThirdPartyError } from './fetch-json';

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

/** A real local HTTP server whose answer each test sets. */
const startServer = async () => {
  let handler: Handler = (_req, res) => res.end('{}');
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => handler(req, res, body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    answer: (next: Handler) => (handler = next),
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};

const json =
  (status: number, value: unknown): Handler =>
  (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(value));
  };

const Answer = z.object({ title: z.string(), rating: z.number() });

const failureOf = async (call: Promise<unknown>): Promise<ThirdPartyError> => {
  const error = await call.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ThirdPartyError);
  expect(error).toBeInstanceOf(AppError);
  return error as ThirdPartyError;
};

describe('fetchJson', () => {
  let server: Awaited<ReturnType<typeof startServer>>;

  beforeAll(async () => {
    server = await startServer();
  });

  afterAll(() => server.close());

  it('answers the body parsed by the schema (unknown keys dropped)', async () => {
    server.answer(json(200, { title: 'Lagaan', rating: 8.1, extra: true }));
    await expect(fetchJson(`${server.url}/movie`, { schema: Answer, timeoutMs: 2_000 })).resolves.toEqual({
      title: 'Lagaan',
      rating: 8.1,
    });
  });

  it('sends the method, headers and body it is given', async () => {
    let seen: { method?: string; type?: string; body?: string } = {};
    server.answer((req, res, body) => {
      seen = { method: req.method, type: req.headers['content-type'], body };
      json(200, { success: true })(req, res, body);
    });
    await fetchJson(`${server.url}/verify`, {
      schema: z.object({ success: z.boolean() }),
      timeoutMs: 2_000,
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ secret: 's', response: 't' }),
    });
    expect(seen).toEqual({
      method: 'POST',
      type: 'application/x-www-form-urlencoded',
      body: 'secret=s&response=t',
    });
  });

  it('fails with a timeout error (SERVICE_TIMEOUT) when no answer comes in time', async () => {
    server.answer(() => undefined);
    const error = await failureOf(fetchJson(`${server.url}/slow`, { schema: Answer, timeoutMs: 100 }));
    expect(error).toMatchObject({ failure: 'timeout', code: ErrorCode.ServiceTimeout });
    expect(error.message).toContain('did not answer within 100 ms');
  });

  it('fails with a status error (SERVICE_UNAVAILABLE) on a non-2xx answer, never naming the query string', async () => {
    server.answer(json(503, { title: 'Lagaan', rating: 8.1 }));
    const error = await failureOf(
      fetchJson(`${server.url}/movie?apikey=secret-key`, { schema: Answer, timeoutMs: 2_000 }),
    );
    expect(error).toMatchObject({ failure: 'status', status: 503, code: ErrorCode.ServiceUnavailable });
    expect(error.message).toContain('/movie answered 503');
    expect(error.message).not.toContain('secret-key');
  });

  it('fails with a schema error when the answer has the wrong shape', async () => {
    server.answer(json(200, { title: 'Lagaan', rating: 'high' }));
    const error = await failureOf(fetchJson(`${server.url}/movie`, { schema: Answer, timeoutMs: 2_000 }));
    expect(error).toMatchObject({ failure: 'schema', code: ErrorCode.ServiceUnavailable });
    expect(error.message).toContain('rating');
  });

  it('fails with a schema error when the answer is not JSON', async () => {
    server.answer((_req, res) => res.end('<html>maintenance</html>'));
    const error = await failureOf(fetchJson(`${server.url}/movie`, { schema: Answer, timeoutMs: 2_000 }));
    expect(error).toMatchObject({ failure: 'schema', code: ErrorCode.ServiceUnavailable });
  });

  it('fails with a network error when nothing listens', async () => {
    const closed = await startServer();
    await closed.close();
    const error = await failureOf(fetchJson(`${closed.url}/movie`, { schema: Answer, timeoutMs: 2_000 }));
    expect(error).toMatchObject({ failure: 'network', code: ErrorCode.ServiceUnavailable });
  });
});
