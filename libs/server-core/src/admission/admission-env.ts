import { z } from 'zod';
import type { AdmissionSettings } from './admission-limiter';

/**
 * Environment keys of admission control (the gateway and every service; spread into its env schema), with the
 * process's own defaults: a service works on few requests at once (its database is the queue behind it); the
 * gateway holds each request while a service answers, so it admits more.
 */
export const admissionEnvShape = (defaults: AdmissionSettings) => ({
  /** Requests this process works on at once (HTTP for the gateway, RPCs for a service). */
  ADMISSION_MAX_IN_FLIGHT: z.coerce.number().int().min(1).max(100_000).default(defaults.maxInFlight),
  /** Requests that may wait for a place; beyond them each is answered 503 + Retry-After at once. */
  ADMISSION_MAX_QUEUED: z.coerce.number().int().min(0).max(100_000).default(defaults.maxQueued),
  /**
   * Shed every request while the event loop's mean delay (over 0.5 s) is past this many ms: a process short of CPU
   * reads requests late, so they queue in the kernel where the in-flight count never sees them. 0 (the default):
   * not watched, as a machine shared with other work (CI, a developer's laptop) would shed for its neighbours' load.
   */
  ADMISSION_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
});
export type AdmissionEnv = {
  ADMISSION_MAX_IN_FLIGHT: number;
  ADMISSION_MAX_QUEUED: number;
  ADMISSION_MAX_EVENT_LOOP_DELAY_MS?: number;
};

export const admissionSettings = (env: AdmissionEnv): AdmissionSettings => ({
  maxInFlight: env.ADMISSION_MAX_IN_FLIGHT,
  maxQueued: env.ADMISSION_MAX_QUEUED,
  maxEventLoopDelayMs: env.ADMISSION_MAX_EVENT_LOOP_DELAY_MS,
});

/** What a service admits by default (RPCs). */
export const SERVICE_ADMISSION_DEFAULTS: AdmissionSettings = { maxInFlight: 32, maxQueued: 16 };
/**
 * What the gateway admits by default (HTTP requests under /api), and nginx in front with it: 32 places in all. The
 * number in the system sets the admitted latency (Little's law: places / throughput), and fewer places shed more.
 * Measured by `SOAK_FRONT_CAPS=24,40,64 npm run bench:soak -- --capacity` at twice the capacity on 2 cores (A B C A B
 * C on one system): 24 places served 195-226 req/s at admitted p99 335-445 ms, 40 places 250-266 req/s at 482-515 ms,
 * 64 places 276-292 req/s at 569-639 ms. 32 keeps p99 under the 500 ms goal (issue 29 §2) for about a tenth fewer
 * answers than 64.
 */
export const GATEWAY_ADMISSION_DEFAULTS: AdmissionSettings = { maxInFlight: 24, maxQueued: 8 };
