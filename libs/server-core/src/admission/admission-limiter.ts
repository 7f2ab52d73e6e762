import { AsyncResource } from 'node:async_hooks';
import { EventLoopPressure } from './event-loop-pressure';

export type AdmissionSettings = {
  /** Requests this process works on at once. */
  maxInFlight: number;
  /** Requests that may wait for one of those places; beyond them a request is shed at once. */
  maxQueued: number;
  /** Shed every request while the event loop's mean delay is past this (ms; 0 or absent: not watched). */
  maxEventLoopDelayMs?: number;
};

/** Whether the process is short of CPU right now (`EventLoopPressure`). */
export type Pressure = { readonly overloaded: boolean };

/** Gives the place back; safe to call more than once. */
export type Release = () => void;

/**
 * Admission control of one process (the gateway's HTTP requests, a service's RPCs): at most `maxInFlight` at once,
 * at most `maxQueued` waiting (first come, first served), the rest refused at once so the caller can answer 503 +
 * `Retry-After` instead of queueing for seconds. A small semaphore rather than p-limit or p-queue: those run a
 * function to its promise's end, whereas a request ends when its answer is written (an HTTP `close`, the last
 * packet of an RPC reply), and refusing when the queue is full is the whole point here.
 */
export class AdmissionLimiter {
  private running = 0;
  private readonly waiting: Array<(release: Release) => void> = [];

  constructor(
    private readonly settings: AdmissionSettings,
    private readonly pressure: Pressure | undefined = settings.maxEventLoopDelayMs
      ? new EventLoopPressure(settings.maxEventLoopDelayMs)
      : undefined,
  ) {}

  /**
   * Starts `start` now, or once a place frees (it then runs in the async context it was offered in, not in the one of
   * the request that freed the place); `start` must call the release it is given when its request ends. False when
   * the queue is full, or while the event loop is held up past its limit: the request is not admitted and `start`
   * never runs.
   */
  tryAdmit(start: (release: Release) => void): boolean {
    if (this.pressure?.overloaded) return false;
    if (this.running < this.settings.maxInFlight) {
      this.running++;
      start(this.releaser());
      return true;
    }
    if (this.waiting.length >= this.settings.maxQueued) return false;
    this.waiting.push(AsyncResource.bind(start));
    return true;
  }

  get inFlight(): number {
    return this.running;
  }

  get queued(): number {
    return this.waiting.length;
  }

  private releaser(): Release {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      // The place passes straight to the first in line (the count stays).
      const next = this.waiting.shift();
      if (next) next(this.releaser());
      else this.running--;
    };
  }
}
