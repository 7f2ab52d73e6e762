import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { Counter, Gauge } from 'prom-client';
import { ErrorCode, type EventPayload, type EventType } from '@app/contracts';
import { RequestContext } from '../context/request-context';
import { AppError } from '../errors/app-error';
import type { MetricsService } from '../metrics/metrics.service';
import type { EventBus, Publication } from './event-bus';
import { buildEnvelope } from './event-envelope';
import { type OutboxEntry, OutboxState, type OutboxStore } from './outbox.repository';

/** One event a change announces. */
export type Announcement<R = unknown> = {
  [T in EventType]: {
    type: T;
    /** What is announced, stored before the change (what the `settled` check of its type is asked about). */
    payload: EventPayload<T>;
    /** The payload as the change left it, when its result decides it (a stored snapshot); default `payload`. */
    stored?: (result: R) => EventPayload<T>;
    /**
     * When the fact happened, as the change reports it (a capture an earlier call made, which a replay finds);
     * default when the entry was stored, before the change.
     */
    at?: (result: R) => Date;
  };
}[EventType];

/**
 * "Is the fact this event announces stored?", asked of an entry whose process died after storing it but before
 * saying whether its change was made. Read-only; `occurredAt` is when the entry was stored, before the change.
 */
export type SettledCheck<T extends EventType> = (
  payload: EventPayload<T>,
  entry: { occurredAt: Date },
) => Promise<boolean>;

/** One check per event type the service announces; announcing a type without one is refused. */
export type SettledChecks = { [T in EventType]?: SettledCheck<T> };

/** An event a change marked in the document it changed (the marker written in the same write), for hot paths. */
export type MarkedEvent = {
  [T in EventType]: { type: T; payload: EventPayload<T>; occurredAt: Date };
}[EventType];

/**
 * Where a service's documents mark events still to announce (`announcedAt: null` written with the change): the
 * relay's second source beside the outbox collection, for changes where an outbox entry would cost a write each.
 */
export type MarkerSource = {
  /** Events marked by changes made before `before`, oldest first, at most `limit`; `done` clears one's marker. */
  pending(before: Date, limit: number): Promise<Array<{ event: MarkedEvent; done: () => Promise<unknown> }>>;
};

export type OutboxSettings = {
  /** How long an entry belongs to whoever took it (a request making its change, a relay publishing it). */
  graceMs: number;
  /** Tests only (NODE_ENV=test): the process is killed right after a change that announces this type. */
  crashAfterChange?: EventType;
  /** Documents marking events their change made (`announceMarked`), swept by the relay past the grace period. */
  markers?: readonly MarkerSource[];
};

/** Most entries one relay round takes, so a backlog never holds a round for long. */
const RELAY_BATCH = 100;

/**
 * The event outbox (issue 29 §1), without transactions: every event is stored in the service's own database before
 * its change, so a change is never made without a record that it is to be announced.
 *
 * `announce` stores the entries (pending), makes the change (an idempotent write), publishes them through EventBus
 * under their stored ids, then removes them: two outbox writes per event. Entries whose payload or date the change
 * decides are marked ready with them first. A publish that fails still fails the request (503 while Redis is away,
 * EventBus's policy), but the entry is marked ready and the relay publishes it later. When the process dies before
 * publishing, the entry stays pending: once its grace period has passed, the relay asks the `settled` check of its
 * type whether the change was made, and publishes it or drops it. Claims (`claimedUntil`,
 * taken with one conditional update) keep replicas and restarts from handling one entry at the same time; an event
 * may still be published twice (a relay taking over from a slow request), which consumers take as the same news.
 */
export class Outbox {
  private readonly logger = new Logger(Outbox.name);
  private readonly published?: Counter;
  private readonly dropped?: Counter;

  constructor(
    private readonly store: OutboxStore,
    private readonly events: Pick<EventBus, 'publish' | 'publishMany'>,
    private readonly checks: SettledChecks,
    private readonly settings: OutboxSettings,
    metrics?: MetricsService,
  ) {
    if (!metrics) return;
    const registers = [metrics.registry];
    this.published = new Counter({
      name: 'outbox_published_total',
      help: 'Events published from the outbox',
      labelNames: ['by'] as const,
      registers,
    });
    this.dropped = new Counter({
      name: 'outbox_dropped_total',
      help: 'Outbox entries dropped because their change was never made',
      registers,
    });
    new Gauge({
      name: 'outbox_waiting',
      help: 'Outbox entries not yet published, by state',
      labelNames: ['state'] as const,
      registers,
      async collect() {
        // Unknown (NaN) while the database is away: /metrics still answers during an outage.
        for (const state of Object.values(OutboxState))
          this.set({ state }, await store.count(state).catch(() => NaN));
      },
    });
  }

  /**
   * Makes `change` and announces `events` (in order) once it is made; returns what the change returned. Nothing is
   * announced when `made(result)` is false, or when the change is refused (it throws an AppError). Any other failure
   * of the change (the database away, a reply lost, a 503 from a dependency it called) may have left it made: its
   * entries stay for the relay to settle.
   */
  async announce<R>(
    events: Announcement<NoInfer<R>> | readonly Announcement<NoInfer<R>>[],
    change: () => Promise<R>,
    made: (result: R) => boolean = () => true,
  ): Promise<R> {
    const announcements: readonly Announcement<R>[] = isList(events) ? events : [events];
    const now = new Date();
    const correlationId = RequestContext.correlationId();
    const entries: OutboxEntry[] = announcements.map(({ type, payload }, seq) => {
      if (!this.checks[type]) throw new Error(`outbox: no settled check for ${type}`);
      return {
        _id: randomUUID(),
        type,
        payload: buildEnvelope(type, payload, now).payload,
        occurredAt: now,
        ...(correlationId ? { correlationId } : {}),
        state: OutboxState.Pending,
        claimedUntil: this.after(now),
        createdAt: now,
        seq,
      };
    });
    await this.store.insert(entries);

    let result: R;
    try {
      result = await change();
    } catch (error) {
      if (error instanceof AppError && error.code !== ErrorCode.ServiceUnavailable)
        await this.abandon(entries);
      throw error;
    }
    if (!made(result)) {
      await this.abandon(entries);
      return result;
    }
    this.crashIfAsked(entries.map(({ type }) => type));

    const ready = entries.map((entry, i) => {
      const { type, stored, at } = announcements[i];
      const payload = stored ? buildEnvelope(type, stored(result)).payload : entry.payload;
      const occurredAt = at ? at(result) : entry.occurredAt;
      return {
        ...entry,
        state: OutboxState.Ready,
        payload,
        occurredAt,
        claimedUntil: this.after(new Date()),
      };
    });
    // The stored entries already say all the relay needs unless the change decided a payload or a date: then it
    // learns them before anything is published (a crash after the publish republishes the same event).
    if (announcements.some(({ stored, at }) => stored || at)) await this.store.markReady(ready);
    for (const [i, entry] of ready.entries()) {
      try {
        await this.publish(entry, 'request');
      } catch (error) {
        // The rest are marked ready and free at once: any relay publishes them without asking their checks.
        const now = new Date();
        await this.store
          .markReady(ready.slice(i).map((left) => ({ ...left, claimedUntil: now })))
          .catch(() => undefined);
        throw error;
      }
    }
    return result;
  }

  /**
   * Announces an event its change marked in the changed document (the marker written in the same write as the
   * change, so the hot path costs no outbox write), then clears the marker with `done`. A publish that fails fails
   * the request (503 while Redis is away, EventBus's policy) and leaves the marker, as a process that dies first does:
   * the relay announces it once the grace period has passed. Marked events have no stored id: one the relay
   * announces again is a new envelope of the same news, which consumers apply once by its natural key.
   */
  async announceMarked(event: MarkedEvent, done: () => Promise<unknown>): Promise<void> {
    this.crashIfAsked([event.type]);
    await this.events.publish(event.type, event.payload, { occurredAt: event.occurredAt });
    this.published?.inc({ by: 'request' });
    await done().catch((error: unknown) => {
      this.logger.warn({
        msg: 'outbox: marker of a published event not cleared',
        type: event.type,
        error: messageOf(error),
      });
    });
  }

  /**
   * `announceMarked` for many changes at once (a batch of events handled with one bulk write): publishes them in one
   * pipeline, then clears their markers with one `done`. The same guarantee: a publish that fails leaves every marker
   * for the relay, and a marker left uncleared only means the event may be announced again.
   */
  async announceMarkedMany(events: readonly MarkedEvent[], done: () => Promise<unknown>): Promise<void> {
    if (events.length === 0) return;
    this.crashIfAsked(events.map(({ type }) => type));
    await this.events.publishMany(
      events.map(({ type, payload, occurredAt }) => ({ type, payload, occurredAt }) as Publication),
    );
    this.published?.inc({ by: 'request' }, events.length);
    await done().catch((error: unknown) => {
      this.logger.warn({
        msg: 'outbox: markers of published events not cleared',
        type: events[0].type,
        events: events.length,
        error: messageOf(error),
      });
    });
  }

  /**
   * One relay round: publishes the ready entries nobody holds and settles pending ones past their grace period,
   * then the marked events past it. Stops at the first publish that fails (Redis away); returns how many it handled.
   */
  async relay(): Promise<number> {
    const { handled, stopped } = await this.relayEntries();
    return stopped ? handled : handled + (await this.relayMarked(RELAY_BATCH - handled));
  }

  /** Marked events past their grace period, at most `limit`; stops at the first publish that fails. */
  private async relayMarked(limit: number): Promise<number> {
    let handled = 0;
    for (const source of this.settings.markers ?? []) {
      if (handled >= limit) break;
      const before = new Date(Date.now() - this.settings.graceMs);
      for (const { event, done } of await source.pending(before, limit - handled)) {
        handled++;
        try {
          await this.events.publish(event.type, event.payload, { occurredAt: event.occurredAt });
        } catch (error) {
          this.logger.warn({
            msg: 'outbox relay: publish of a marked event failed',
            type: event.type,
            error: messageOf(error),
          });
          return handled;
        }
        this.published?.inc({ by: 'relay' });
        await done().catch(() => undefined);
      }
    }
    return handled;
  }

  /** The outbox collection's share of a round: how many entries it handled, and whether a publish failed. */
  private async relayEntries(): Promise<{ handled: number; stopped: boolean }> {
    let handled = 0;
    while (handled < RELAY_BATCH) {
      const now = new Date();
      const entry = await this.store.claimNext(now, this.after(now));
      if (!entry) break;
      handled++;
      if (entry.state === OutboxState.Pending && !(await this.settled(entry))) continue;
      try {
        await this.publish(entry, 'relay');
      } catch (error) {
        this.logger.warn({
          msg: 'outbox relay: publish failed',
          eventId: entry._id,
          error: messageOf(error),
        });
        await this.store.release([entry._id], new Date()).catch(() => undefined);
        return { handled, stopped: true };
      }
    }
    return { handled, stopped: false };
  }

  /** Whether a pending entry's change was made; drops the entry when it was not. */
  private async settled(entry: OutboxEntry): Promise<boolean> {
    const check = this.checks[entry.type] as SettledCheck<EventType> | undefined;
    if (!check) {
      // Left claimed: a release that knows the type settles it.
      this.logger.error({ msg: 'outbox relay: no settled check', type: entry.type, eventId: entry._id });
      return false;
    }
    // Validated against its contract when stored.
    if (await check(entry.payload as EventPayload<EventType>, entry)) return true;
    const dropped = await this.store.dropPending([entry._id]);
    if (dropped > 0) {
      this.dropped?.inc();
      this.logger.log({
        msg: 'outbox: change never made, event dropped',
        type: entry.type,
        eventId: entry._id,
      });
    }
    return false;
  }

  private async publish(entry: OutboxEntry, by: 'request' | 'relay'): Promise<void> {
    await this.events.publish(entry.type, entry.payload as EventPayload<EventType>, {
      id: entry._id,
      occurredAt: entry.occurredAt,
      correlationId: entry.correlationId,
    });
    this.published?.inc({ by });
    // A removal that fails leaves the entry to be published again once its claim ends: a repeat, never a loss.
    await this.store.remove(entry._id).catch((error: unknown) => {
      this.logger.warn({
        msg: 'outbox: published entry not removed',
        eventId: entry._id,
        error: messageOf(error),
      });
    });
  }

  /** The change was refused or not needed; an entry left behind (the database away) is settled by the relay. */
  private async abandon(entries: readonly OutboxEntry[]): Promise<void> {
    await this.store.dropPending(entries.map(({ _id }) => _id)).catch((error: unknown) => {
      this.logger.warn({ msg: 'outbox: abandoned entries left to the relay', error: messageOf(error) });
    });
  }

  private crashIfAsked(types: readonly EventType[]) {
    const { crashAfterChange } = this.settings;
    if (crashAfterChange && types.includes(crashAfterChange)) {
      // Dies like a killed process: no shutdown hook runs, nothing is flushed.
      process.kill(process.pid, 'SIGKILL');
    }
  }

  private after(now: Date) {
    return new Date(now.getTime() + this.settings.graceMs);
  }
}

// Array.isArray does not narrow a readonly array out of a union.
const isList = <T>(value: T | readonly T[]): value is readonly T[] => Array.isArray(value);

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
