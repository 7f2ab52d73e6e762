import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RazorpayErrorBody } from './types';

/** Razorpay answers input and not-found errors with 400 and this body (`field` names the bad input). */
export class RazorpayApiError extends Error {
  constructor(
    readonly status: number,
    description: string,
    readonly field?: string,
    readonly reason = 'input_validation_failed',
  ) {
    super(description);
  }

  body(): RazorpayErrorBody {
    return {
      error: {
        code: this.status >= 500 ? 'SERVER_ERROR' : 'BAD_REQUEST_ERROR',
        description: this.message,
        source: 'business',
        step: 'payment_initiation',
        reason: this.reason,
        metadata: {},
        ...(this.field ? { field: this.field } : {}),
      },
    };
  }
}

export const badRequest = (description: string, field?: string) =>
  new RazorpayApiError(400, description, field);
export const notFound = () => new RazorpayApiError(400, 'The id provided does not exist', 'id');

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': 'content-type, authorization',
};

export const sendJson = (res: ServerResponse, status: number, body: unknown, cors = false) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...(cors ? CORS : {}) });
  res.end(JSON.stringify(body));
};

export const sendPreflight = (res: ServerResponse) => {
  res.writeHead(204, { ...CORS, 'access-control-max-age': '600' });
  res.end();
};

const MAX_BODY = 1_000_000;

export type JsonObject = Record<string, unknown>;

/** JSON (what the SDK sends) or form-encoded (what curl examples send); an empty body is `{}`. */
export const readBody = async (req: IncomingMessage): Promise<JsonObject> => {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY) throw badRequest('Request body too large');
    chunks.push(chunk);
  }
  const raw = Buffer.concat(chunks).toString('utf8').trim();
  if (!raw) return {};
  if ((req.headers['content-type'] ?? '').includes('application/x-www-form-urlencoded'))
    return Object.fromEntries(new URLSearchParams(raw));
  try {
    const parsed: unknown = JSON.parse(raw);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as JsonObject;
  } catch {
    // fall through to Razorpay's answer for a malformed body
  }
  throw badRequest('The request body is not valid JSON');
};
