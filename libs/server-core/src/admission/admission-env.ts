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

// Sized by Little's law for the admitted p99 goal (500 ms) at this product's capacity on 2 cores (about 150-250 req/s
// of the soak's mix): 64 requests at most in the gateway stay about 64 / 200 s ≈ 0.3 s.

/** What a service admits by default (RPCs). */
export const SERVICE_ADMISSION_DEFAULTS: AdmissionSettings = { maxInFlight: 32, maxQueued: 16 };
/** What the gateway admits by default (HTTP requests under /api). */
export const GATEWAY_ADMISSION_DEFAULTS: AdmissionSettings = { maxInFlight: 48, maxQueued: 16 };
