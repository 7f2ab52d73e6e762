import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeRoute = (request: IncomingMessage, url: URL) => { status: number; body: unknown } | undefined;

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
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://fake.local');
    requests.push(`${url.pathname}${url.search}`);
    const answer = current(request, url) ?? {
      status: 404,
      body: { code: 'NOT_FOUND', message: 'Not found', correlationId: 'test' },
    };
    response.writeHead(answer.status, {
      'content-type': 'application/json',
      // The test page (jsdom) sits on another origin.
      'access-control-allow-origin': '*',
    });
    response.end(JSON.stringify(answer.body));
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
