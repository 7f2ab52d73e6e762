import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

export const CORRELATION_HEADER = 'x-correlation-id';
const SAFE_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * Accepts a caller's correlation id when it is well-formed, else mints one; echoes it on the response. Written
 * against Node's request and response, so Express runs it as middleware and the gateway's Fastify as a hook
 * (`request.raw`, `reply.raw`).
 */
export const correlationId = (req: IncomingMessage, res: ServerResponse, next: () => void) => {
  const incoming = req.headers[CORRELATION_HEADER];
  const id = typeof incoming === 'string' && SAFE_ID.test(incoming) ? incoming : randomUUID();
  req.headers[CORRELATION_HEADER] = id;
  res.setHeader(CORRELATION_HEADER, id);
  next();
};

export const correlationIdOfRequest = (req: Pick<IncomingMessage, 'headers'>): string =>
  String(req.headers[CORRELATION_HEADER]);
