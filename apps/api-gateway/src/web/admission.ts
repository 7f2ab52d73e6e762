import type { onRequestHookHandler } from 'fastify';
import { ErrorCode, OVERLOADED_RETRY_AFTER_SECONDS, PRODUCT_BUSY_MESSAGE } from '@app/contracts';
import type { AdmissionSettings, MetricsService } from '@app/server-core';
import { AdmissionLimiter } from '@app/server-core';
import { isUnder } from './paths';
import { refusal } from './refusal';

/**
 * Admission control of the gateway's API (`/api`, a hook before any other work; `/metrics` and `/api/health*` are
 * never shed, and neither are the web app's files and `/stream`, which hold no service's time): at most `maxInFlight`
 * requests from admission to their last byte, `maxQueued` waiting for a place, the rest answered at once 503 +
 * `Retry-After` with the house error body, and counted (`requests_shed_total{transport="http",reason="overloaded"}`).
 */
export const admissionControl = (
  limits: AdmissionSettings,
  metrics: MetricsService,
): onRequestHookHandler => {
  const limiter = new AdmissionLimiter(limits);
  return (request, reply, done) => {
    // The API holds a service's time; probes answer whatever the load (a busy gateway must not look dead).
    if (!isUnder(request.url, '/api') || isUnder(request.url, '/api/health')) return done();
    const admitted = limiter.tryAdmit((release) => {
      // `close` follows the last byte, or the client leaving (also while it waited in the queue).
      if (reply.raw.writableEnded || request.raw.socket.destroyed) {
        release();
        return;
      }
      reply.raw.once('close', release);
      done();
    });
    if (admitted) return;
    metrics.shedRequests.inc({ transport: 'http', reason: 'overloaded' });
    void reply
      .code(503)
      .header('Retry-After', String(OVERLOADED_RETRY_AFTER_SECONDS))
      .send(refusal(request, ErrorCode.Overloaded, PRODUCT_BUSY_MESSAGE));
  };
};
