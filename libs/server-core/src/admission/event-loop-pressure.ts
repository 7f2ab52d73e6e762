import { monitorEventLoopDelay } from 'node:perf_hooks';

/** The histogram's own sampling period: its figures include it, so it is taken off (as fastify's under-pressure does). */
const RESOLUTION_MS = 10;

/**
 * This process's event-loop delay, as fastify's under-pressure measures it: the mean over each `intervalMs`. A
 * process short of CPU reads requests late: they wait in the kernel's socket queues, where no in-flight count sees
 * them, and answers take seconds while the count stays low. Past `maxDelayMs`, `overloaded` is true until a later
 * period's delay falls back under it, and admission sheds every request meanwhile (shedding costs far less CPU than
 * serving, so the queues drain).
 */
export class EventLoopPressure {
  private readonly histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  private readonly timer: NodeJS.Timeout;
  private delayMs = 0;

  constructor(
    private readonly maxDelayMs: number,
    intervalMs = 500,
  ) {
    this.histogram.enable();
    this.timer = setInterval(() => this.sample(), intervalMs).unref();
  }

  get overloaded(): boolean {
    return this.delayMs > this.maxDelayMs;
  }

  /** The delay of the last period (ms). */
  get lastDelayMs(): number {
    return this.delayMs;
  }

  /** Ends the period: its mean delay becomes the one judged (also called by the timer). */
  sample(): void {
    const mean = this.histogram.count > 0 ? this.histogram.mean / 1e6 : 0;
    this.delayMs = Math.max(0, mean - RESOLUTION_MS);
    this.histogram.reset();
  }

  stop(): void {
    clearInterval(this.timer);
    this.histogram.disable();
  }
}
