import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** `body` is the parsed JSON request body (undefined when there is none or it is not JSON). */
export type FakeRoute = (
  request: IncomingMessage,
  url: URL,
  body: unknown,
) => { status: number; body: unknown; headers?: Record<string, string> } | undefined;

export type FakeApi = {
  baseUrl: string;
  /** Paths with query strings, in the order they arrived. */
  requests: string[];
  /** Replaces how the server answers from now on. */
  respond: (route: FakeRoute) => void;
  close: () => Promise<void>;
};

/**
 * A real HTTP server on a random local port, so the app's fetch calls cross a real network boundary.
 * Requests no route answers get a 404 in the gateway's error shape.
 */
export const startFakeApi = async (route: FakeRoute): Promise<FakeApi> => {
  let current = route;
  const requests: string[] = [];
  const server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://fake.local');
    if (request.method === 'OPTIONS') {
      // CORS preflight of a JSON or authorised request from the jsdom page.
      response.writeHead(204, {
        'access-control-allow-origin': '*',
        'access-control-allow-methods': 'GET,POST,PUT,PATCH,DELETE',
        'access-control-allow-headers': 'content-type,authorization',
      });
      response.end();
      return;
    }
    requests.push(`${url.pathname}${url.search}`);
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    let body: unknown;
    try {
      body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : undefined;
    } catch {
      body = undefined;
    }
    const answer = current(request, url, body) ?? {
      status: 404,
      body: { code: 'NOT_FOUND', message: 'Not found', correlationId: 'test' },
    };
    response.writeHead(answer.status, {
      'content-type': 'application/json',
      ...answer.headers,
      // The test page (jsdom) sits on another origin.
      'access-control-allow-origin': '*',
      'access-control-expose-headers': 'retry-after',
    });
    // A Buffer body is sent as it is (a file, with its own content-type header).
    const bytes = Buffer.isBuffer(answer.body) ? answer.body : JSON.stringify(answer.body);
    response.end(answer.status === 204 ? undefined : bytes);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    respond: (next) => {
      current = next;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
};
