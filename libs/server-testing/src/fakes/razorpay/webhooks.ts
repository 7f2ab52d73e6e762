import { randomBytes } from 'node:crypto';
import type { EmittedEvent } from './state';
import { hmacHex, newId, unixNow } from './state';
import type { DeliverySwitches, WebhookDelivery, WebhookEvent } from './types';

type Queued = { event: WebhookEvent; copies: number };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * At-least-once delivery as Razorpay does it: signed raw body, `x-razorpay-event-id` stable across retries and
 * duplicates, a non-2xx or network error is retried with backoff; what still fails waits for `flush()`.
 * Deliveries are serial so the switches (reorder, duplicates) give deterministic sequences to tests.
 */
export class WebhookDispatcher {
  readonly events: WebhookEvent[] = [];
  readonly deliveries: WebhookDelivery[] = [];
  readonly switches: Required<Omit<DeliverySwitches, 'failRefunds' | 'doublePayments'>> = {
    duplicates: 0,
    delayMs: 0,
    reorder: false,
    paused: false,
  };
  private readonly queue: Queued[] = [];
  private readonly failed: WebhookEvent[] = [];
  private readonly accountId = `acc_${randomBytes(7).toString('hex').slice(0, 14)}`;
  private running: Promise<void> | null = null;
  private stopped = false;
  private readonly aborter = new AbortController();

  constructor(
    private readonly secret: string,
    private url: string | null,
    private readonly retries: number,
  ) {}

  setUrl(url: string | null) {
    this.url = url;
  }

  sign(body: string) {
    return hmacHex(this.secret, body);
  }

  /** Events of one action form a group: `reorder` reverses the group (e.g. `order.paid` before `payment.authorized`). */
  enqueue(group: EmittedEvent[]) {
    const events = group.map(({ event, payload }): WebhookEvent => {
      const body = JSON.stringify({
        entity: 'event',
        account_id: this.accountId,
        event,
        contains: Object.keys(payload),
        payload,
        created_at: unixNow(),
      });
      return { id: newId('evt'), event, body };
    });
    this.events.push(...events);
    const ordered = this.switches.reorder ? [...events].reverse() : events;
    this.queue.push(...ordered.map((event) => ({ event, copies: 1 + this.switches.duplicates })));
    if (!this.switches.paused) this.kick();
  }

  redeliver(eventId: string, times: number) {
    const event = this.events.find((candidate) => candidate.id === eventId);
    if (!event) throw new Error(`No webhook event ${eventId}`);
    this.queue.push({ event, copies: times });
    return this.drain();
  }

  /** Delivers the queue even while paused, gives failed events one more round, and resolves when idle. */
  async flush() {
    this.queue.push(...this.failed.splice(0).map((event) => ({ event, copies: 1 })));
    await this.drain();
  }

  /** Resolves once nothing is queued or in flight. */
  async drain() {
    this.kick(true);
    while (this.running) await this.running;
  }

  async stop() {
    this.stopped = true;
    this.aborter.abort();
    while (this.running) await this.running;
  }

  private kick(force = false) {
    if (this.running || this.stopped || !this.queue.length || (this.switches.paused && !force)) return;
    this.running = this.run().finally(() => {
      this.running = null;
      // Events enqueued during the last delivery get their own run (unless paused meanwhile).
      this.kick();
    });
  }

  private async run() {
    let next: Queued | undefined;
    while (!this.stopped && (next = this.queue.shift())) {
      for (let copy = 0; copy < next.copies; copy += 1) await this.deliver(next.event, copy > 0);
    }
  }

  private async deliver(event: WebhookEvent, duplicate: boolean) {
    for (let attempt = 1; attempt <= 1 + this.retries; attempt += 1) {
      if (this.switches.delayMs) await sleep(this.switches.delayMs);
      const status = await this.post(event);
      this.deliveries.push({
        eventId: event.id,
        event: event.event,
        status,
        attempt,
        duplicate,
        at: Date.now(),
      });
      if (status !== null && status >= 200 && status < 300) return;
      if (this.url === null || this.stopped) break;
      if (attempt <= this.retries) await sleep(50 * 2 ** (attempt - 1));
    }
    if (!duplicate) this.failed.push(event);
  }

  private async post(event: WebhookEvent): Promise<number | null> {
    if (!this.url) return null;
    try {
      const response = await fetch(this.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': this.sign(event.body),
          'x-razorpay-event-id': event.id,
          'user-agent': 'Razorpay-Webhook/v1',
        },
        body: event.body,
        // Razorpay gives a receiver 5 s.
        signal: AbortSignal.any([AbortSignal.timeout(5000), this.aborter.signal]),
      });
      await response.arrayBuffer().catch(() => undefined);
      return response.status;
    } catch {
      return null;
    }
  }
}
