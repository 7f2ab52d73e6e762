import { Injectable } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';
import type { MemoLookup } from '../cache/memo-cache';

/** One Prometheus registry per process, with default Node metrics and request timings. */
@Injectable()
export class MetricsService {
  readonly registry = new Registry();
  readonly requestDuration = new Histogram({
    name: 'request_duration_seconds',
    help: 'Duration of handled HTTP requests and RPC messages',
    labelNames: ['transport', 'route', 'outcome'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [this.registry],
  });
  /**
   * Requests refused without being worked on: `overloaded` (admission limit and queue full: answered 503 +
   * Retry-After), `deadline` (a service took an RPC its caller had already given up on).
   */
  readonly shedRequests = new Counter({
    name: 'requests_shed_total',
    help: 'Requests refused before being worked on, by transport and reason (overloaded, deadline)',
    labelNames: ['transport', 'reason'] as const,
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }

  /**
   * A counter of a MemoCache's look-ups by how each was answered (`result`: hit, joined, miss), registered here: pass
   * what it returns as the cache's `counted`.
   */
  memoLookups(name: string, help: string): (lookup: MemoLookup) => void {
    const lookups = new Counter({ name, help, labelNames: ['result'] as const, registers: [this.registry] });
    return (result) => lookups.inc({ result });
  }

  render() {
    return this.registry.metrics();
  }
}
