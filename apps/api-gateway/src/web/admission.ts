import type { NextFunction, Request, Response } from 'express';
import type { ApiError } from '@app/contracts';
import { ErrorCode, OVERLOADED_RETRY_AFTER_SECONDS, PRODUCT_BUSY_MESSAGE } from '@app/contracts';
import type { AdmissionSettings, MetricsService } from '@app/server-core';
import { AdmissionLimiter, CORRELATION_HEADER } from '@app/server-core';

/** Probes answer whatever the load: a busy gateway must not look dead to the orchestrator or a monitor. */
const NEVER_SHED = /^\/health(\/|$)/;

/**
 * Admission control of the gateway's API (mounted on `/api`; `/metrics` and `/api/health*` are never shed, and
 * neither are the web app's files and `/stream`, which hold no service's time): at most `maxInFlight` requests from
 * admission to their last byte, `maxQueued` waiting for a place, the rest answered at once 503 + `Retry-After` with
 * the house error body, and counted (`requests_shed_total{transport="http",reason="overloaded"}`).
 */
export const admissionControl = (limits: AdmissionSettings, metrics: MetricsService) => {
  const limiter = new AdmissionLimiter(limits);
  return (req: Request, res: Response, next: NextFunction) => {
    if (NEVER_SHED.test(req.path)) return next();
    const admitted = limiter.tryAdmit((release) => {
      // `close` follows the last byte, or the client leaving (also while it waited in the queue).
      if (res.writableEnded || req.socket.destroyed) {
        release();
        return;
      }
      res.once('close', release);
      next();
    });
    if (admitted) return;
    metrics.shedRequests.inc({ transport: 'http', reason: 'overloaded' });
    const body: ApiError = {
      code: ErrorCode.Overloaded,
      message: PRODUCT_BUSY_MESSAGE,
      correlationId: String(req.headers[CORRELATION_HEADER] ?? 'none'),
    };
    res.setHeader('Retry-After', String(OVERLOADED_RETRY_AFTER_SECONDS));
    res.status(503).json(body);
  };
};
