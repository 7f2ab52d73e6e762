import type { onSendHookHandler } from 'fastify';

/** The most of an unread request body the gateway reads and drops before answering, and for how long. */
const DRAIN_MAX_BYTES = 16 * 1024 * 1024;
const DRAIN_MAX_MS = 5_000;

/**
 * An answer given before the request's body was read (413 on its Content-Length, 415 on its type, 503 from admission)
 * goes out once the rest of the body has been read and dropped, up to a bound. Node ends a connection whose request
 * body is left unread, and a proxy in front still writing it (nginx, which has the body whole) sees a reset and
 * answers 502 instead: the client never reads the gateway's refusal. Past the bound the answer goes out anyway.
 */
export const drainUnreadBody: onSendHookHandler = (request, reply, payload, done) => {
  const body = request.raw;
  if (body.complete || body.readableEnded || body.destroyed) return done(null, payload);
  let bytes = 0;
  let finished = false;
  const finish = (whole: boolean) => {
    if (finished) return;
    finished = true;
    clearTimeout(timer);
    body.off('data', count);
    body.off('end', ended);
    body.off('close', cut);
    // Fastify asks to close a connection whose body it refused unread; read whole, the connection can serve on.
    if (whole) reply.removeHeader('connection');
    done(null, payload);
  };
  const ended = () => finish(true);
  const cut = () => finish(false);
  const count = (chunk: Buffer) => {
    bytes += chunk.length;
    if (bytes > DRAIN_MAX_BYTES) {
      body.pause();
      cut();
    }
  };
  const timer = setTimeout(cut, DRAIN_MAX_MS);
  body.on('data', count);
  body.once('end', ended);
  body.once('close', cut);
  body.resume();
};
