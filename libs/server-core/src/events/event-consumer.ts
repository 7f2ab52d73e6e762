import { hostname } from 'node:os';
import { isDeepStrictEqual } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import type { LoggerService } from '@nestjs/common';
import { Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { EventPayload, EventType } from '@app/contracts';
import { EVENT_STREAM } from '@app/contracts';
import { RequestContext } from '../context/request-context';
import { isDatabaseUnavailable } from '../database/mongo-unavailable';
import { isRedisUnavailable } from '../database/redis';
import { DEFAULT_STREAM_MAX_LEN } from './event-bus';
import { DEAD_LETTER_STREAM, deadLetterFields, DeadLetterReason, isPoison } from './dead-letter';
import { DeletedUsers, entryTime, subjectOf } from './deleted-users';
import type { Decoded, TypedEventEnvelope } from './event-envelope';
import { decodeEnvelope, decodePayload, isEventType } from './event-envelope';
import type { StreamEntry } from './stream-reply';
import { deliveriesById, entriesOfRead, parseAutoClaim } from './stream-reply';

export type EventHandlerContext = { group: string; consumer: string; messageId: string; deliveries: number };
export type EventHandler<T extends EventType> = (
  event: TypedEventEnvelope<T>,
  context: EventHandlerContext,
) => Promise<void>;
export type EventHandlers = { [T in EventType]?: EventHandler<T> };

/** One event of a batch, with its delivery. */
export type BatchedEvent<T extends EventType> = {
  event: TypedEventEnvelope<T>;
  context: EventHandlerContext;
};
/**
 * Handles a run of consecutive events of one type in one call (one bulk write for many events). Idempotent per event,
 * as every handler: when it throws, the consumer hands the run's events to it again one at a time, so a bad event
 * fails (and is retried, then dead-lettered) alone while the rest are applied.
 */
export type EventBatchHandler<T extends EventType> = (events: Array<BatchedEvent<T>>) => Promise<void>;
export type EventBatchHandlers = { [T in EventType]?: EventBatchHandler<T> };

export type EventConsumerOptions = {
  /** The consuming service's name: each group gets every event once. */
  group: string;
  handlers: EventHandlers;
  /**
   * Types handled in batches: the consecutive events of one of these types in a read (up to `batchSize`) go to one
   * call. A type has a handler or a batch handler, not both.
   */
  batchHandlers?: EventBatchHandlers;
  /** Unique per process; a restarted process with the same name first replays what it left pending. */
  consumer?: string;
  stream?: string;
  deadLetterStream?: string;
  /** Entries per read or claim. */
  batchSize?: number;
  /** Longest single XREADGROUP BLOCK. */
  blockMs?: number;
  /**
   * After a read that found entries but fewer than `batchSize`, the next read waits this long (default 50 ms), so
   * a steady flow of events is read and acknowledged a few at a time instead of one round trip each (for every
   * group, most of them acknowledging events they do not handle). The first event after a quiet spell is still read
   * at once: only the ones close behind it wait.
   */
  lingerMs?: number;
  /** How long a message sits unacknowledged before any consumer of the group may claim and retry it. */
  minIdleMs?: number;
  claimIntervalMs?: number;
  /** Deliveries after which a failing message goes to the dead-letter stream. */
  maxDeliveries?: number;
  /**
   * Types whose events need order only among events of the same key (for example one viewer's reports on one
   * title). Consecutive events of these types in a batch run side by side, up to `concurrency` at a time, while
   * two of the same key still run one after the other. Any other type runs alone, in stream order.
   */
  partitionBy?: { [T in EventType]?: (payload: EventPayload<T>) => string };
  /** Most partitioned handlers in flight at once (default 16). */
  concurrency?: number;
  /** Pause after a Redis error before the loop tries again. */
  errorBackoffMs?: number;
  logger?: Pick<LoggerService, 'log' | 'warn' | 'error'>;
};

export const defaultConsumerName = () => `${hostname()}-${process.pid}`;

// Like the handlers: each key function is stored under its own type and only called with that type's payload.
type AnyPartitionKey = (payload: EventPayload<EventType>) => string;

/** An entry as read and decoded: the envelope (null when trimmed from the stream), the event when handled here. */
type Received = {
  entry: StreamEntry;
  envelope: ReturnType<typeof decodeEnvelope> | null;
  event?: Decoded<TypedEventEnvelope<EventType>>;
};

// Each handler is stored under its own type and only ever called with that type's decoded envelope.
type AnyEventHandler = (event: TypedEventEnvelope<EventType>, context: EventHandlerContext) => Promise<void>;
type AnyBatchHandler = (events: Array<BatchedEvent<EventType>>) => Promise<void>;

/** An entry that passed every check before its handler: what the handler is given. */
type Admitted = {
  entry: StreamEntry;
  event: TypedEventEnvelope<EventType>;
  correlationId?: string;
  context: EventHandlerContext;
  /** The batch's deleted users, which a `user.deleted` among it adds to. */
  tombstones: Tombstones;
};

const isNoGroupError = (error: unknown) => error instanceof Error && error.message.startsWith('NOGROUP');
const isBusyGroupError = (error: unknown) => error instanceof Error && error.message.startsWith('BUSYGROUP');
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The handler's store was away: an outage, not a bad event. */
const isOutage = (error: unknown) => isDatabaseUnavailable(error) || isRedisUnavailable(error);

const ABORTED = Symbol('aborted');

/** EventConsumerOptions.lingerMs by default. */
export const DEFAULT_LINGER_MS = 50;

/** The one event every group decodes, whether or not it handles it: it tombstones its user (deleted-users.ts). */
const USER_DELETED = 'user.deleted';

/** Deleted users among a batch's subjects: when each was deleted; updated as the batch handles deletions. */
type Tombstones = Map<string, number>;

/**
 * `work`, or ABORTED as soon as `signal` aborts. A read queued on a connection that is between reconnect attempts
 * never settles once that connection is closed (ioredis fails its queue only when a socket closes), so stopping
 * must not wait for it.
 */
const untilAborted = async <T>(work: Promise<T>, signal: AbortSignal): Promise<T | typeof ABORTED> => {
  let abort = (): void => undefined;
  const aborted = new Promise<typeof ABORTED>((resolve) => {
    abort = () => resolve(ABORTED);
  });
  if (signal.aborted) abort();
  else signal.addEventListener('abort', abort, { once: true });
  try {
    // Racing also handles a later rejection of `work`: it never goes unhandled.
    return await Promise.race([work, aborted]);
  } finally {
    signal.removeEventListener('abort', abort);
  }
};

/**
 * Reads the event stream as one consumer of a consumer group (at-least-once): acks only after the handler
 * succeeded; a failed message stays pending and is retried when the claim sweep (XAUTOCLAIM) picks it up
 * after `minIdleMs`, which also rescues messages held by dead consumers. Handlers run one at a time, in stream
 * order, except runs of `partitionBy` types, which run side by side (in order within one key), and runs of
 * `batchHandlers` types, which go to their handler in one call (issue 24: thousands of seeded titles). Every group
 * tombstones the user of a `user.deleted` and skips later events about that user (deleted-users.ts).
 */
export class EventConsumer {
  readonly group: string;
  readonly consumer: string;
  private readonly handlers: Map<string, AnyEventHandler>;
  private readonly batchHandlers: Map<string, AnyBatchHandler>;
  private readonly stream: string;
  private readonly deadLetterStream: string;
  private readonly batchSize: number;
  private readonly blockMs: number;
  private readonly lingerMs: number;
  private readonly minIdleMs: number;
  private readonly claimIntervalMs: number;
  private readonly maxDeliveries: number;
  private readonly partitionBy: Map<string, AnyPartitionKey>;
  private readonly concurrency: number;
  private readonly errorBackoffMs: number;
  private readonly logger: Pick<LoggerService, 'log' | 'warn' | 'error'>;
  private readonly deletedUsers: DeletedUsers;

  private running = false;
  /** Entries settled during the batch in hand, acknowledged together when it ends (flushAcks). */
  private acks: string[] = [];
  /** The last entry of the last batch of new entries this consumer handled to the end. */
  private lastHandled?: StreamEntry;
  private loop?: Promise<void>;
  /** A start() still creating its group: stop() waits for it, or the loop it goes on to begin would never end. */
  private starting?: Promise<void>;
  private blocking?: Redis;
  private abort = new AbortController();

  /** `redis` serves the non-blocking commands; blocking reads get their own connection, duplicated from it. */
  constructor(
    private readonly redis: Redis,
    options: EventConsumerOptions,
  ) {
    this.group = options.group;
    this.consumer = options.consumer ?? defaultConsumerName();
    // Stored by type like the handlers: each is only called with its own type's events.
    this.batchHandlers = new Map(
      Object.entries(options.batchHandlers ?? {}).filter(
        (entry): entry is [string, AnyBatchHandler] => entry[1] !== undefined,
      ),
    );
    this.handlers = new Map(
      Object.entries(options.handlers).filter(
        (entry): entry is [string, AnyEventHandler] => entry[1] !== undefined,
      ),
    );
    for (const [type, batch] of this.batchHandlers) {
      if (this.handlers.has(type)) throw new Error(`event consumer ${this.group}: ${type} has two handlers`);
      // A run of one, and each event of a run that failed, go through the one-event path.
      this.handlers.set(type, (event, context) => batch([{ event, context }]));
    }
    this.stream = options.stream ?? EVENT_STREAM;
    this.deadLetterStream = options.deadLetterStream ?? DEAD_LETTER_STREAM;
    this.batchSize = options.batchSize ?? 50;
    this.blockMs = options.blockMs ?? 5_000;
    this.lingerMs = options.lingerMs ?? DEFAULT_LINGER_MS;
    this.minIdleMs = options.minIdleMs ?? 30_000;
    this.claimIntervalMs = options.claimIntervalMs ?? 10_000;
    this.maxDeliveries = options.maxDeliveries ?? 5;
    this.partitionBy = new Map(
      Object.entries(options.partitionBy ?? {}).filter(
        (entry): entry is [string, AnyPartitionKey] => entry[1] !== undefined,
      ),
    );
    this.concurrency = Math.max(1, options.concurrency ?? 16);
    this.errorBackoffMs = options.errorBackoffMs ?? 1_000;
    this.logger = options.logger ?? new Logger(`EventConsumer:${this.group}`);
    this.deletedUsers = new DeletedUsers(redis, { stream: this.stream });
  }

  /** Creates the group if needed and starts the read loop in the background. */
  async start(): Promise<void> {
    if (this.loop) return;
    this.starting ??= this.begin().finally(() => {
      this.starting = undefined;
    });
    return this.starting;
  }

  private async begin(): Promise<void> {
    await this.ensureGroup();
    this.running = true;
    this.abort = new AbortController();
    this.blocking = this.redis.duplicate({
      // Named so CLIENT LIST shows which consumer a blocked connection belongs to.
      connectionName: `${this.group}:${this.consumer}`,
      // A read blocks for up to blockMs by design: the shared client's bound on unanswered commands would cut it
      // short, and a read cut short on the client may still be served later, leaving its entries pending unseen.
      commandTimeout: undefined,
    });
    this.loop = this.run();
    this.logger.log({
      msg: 'event consumer started',
      group: this.group,
      consumer: this.consumer,
      stream: this.stream,
    });
  }

  /** Ends the loop promptly and waits for the in-flight handler; unhandled entries of the batch stay pending. */
  async stop(): Promise<void> {
    // A start that fails has nothing to stop; its caller hears of the failure.
    await this.starting?.catch(() => undefined);
    if (!this.loop) return;
    this.running = false;
    this.abort.abort();
    // Rejects a pending XREADGROUP BLOCK at once instead of waiting out its timeout.
    this.blocking?.disconnect();
    await this.loop;
    this.loop = undefined;
    this.blocking = undefined;
  }

  private async run(): Promise<void> {
    // A brand-new consumer has nothing pending; a restarted one with the same name replays what it left.
    let replayFrom: string | null = '0';
    let nextClaimAt = 0;
    let groupMissing = false;
    while (this.running) {
      try {
        if (groupMissing) {
          await this.ensureGroup(await this.restartPoint());
          groupMissing = false;
        }
        if (replayFrom !== null) {
          replayFrom = await this.replayOwnPending(replayFrom);
        } else if (Date.now() >= nextClaimAt) {
          await this.claimIdle();
          nextClaimAt = Date.now() + this.claimIntervalMs;
        } else {
          const read = await this.readNew(Math.max(1, Math.min(this.blockMs, nextClaimAt - Date.now())));
          if (read > 0 && read < this.batchSize && this.lingerMs > 0)
            await sleep(this.lingerMs, undefined, { signal: this.abort.signal }).catch(() => undefined);
        }
      } catch (error) {
        if (!this.running) break;
        // The group is gone (Redis came back without its data, or the stream was deleted): recreate it and go on.
        if (isNoGroupError(error)) groupMissing = true;
        // A batch cut short by the error is still ours: replay it rather than wait for the claim sweep.
        replayFrom = '0';
        this.logger.error({
          msg: 'event consumer loop error',
          group: this.group,
          consumer: this.consumer,
          error: errorText(error),
        });
        await sleep(this.errorBackoffMs, undefined, { signal: this.abort.signal }).catch(() => undefined);
      }
    }
    this.logger.log({ msg: 'event consumer stopped', group: this.group, consumer: this.consumer });
  }

  /**
   * Creates the group unless it exists (then it keeps its place). By default it starts at the beginning of the
   * stream, so a service deployed after events were published still gets them.
   */
  private async ensureGroup(startId = '0'): Promise<void> {
    try {
      await this.redis.xgroup('CREATE', this.stream, this.group, startId, 'MKSTREAM');
    } catch (error) {
      if (!isBusyGroupError(error)) throw error;
    }
  }

  /**
   * Where a group that vanished while this consumer ran starts again. Redis that came back without its data (no
   * AOF) holds a new stream whose every entry was published since and is unread: the group starts at its beginning
   * (`$` would skip what was published between Redis' return and now). Only when the stream still holds the very
   * entry this consumer last handled did the group alone go (deleted by hand): it goes on after that entry, as the
   * lost group had, rather than replaying the whole stream to every handler.
   */
  private async restartPoint(): Promise<string> {
    const last = this.lastHandled;
    if (!last) return '0';
    const [found] = await this.redis.xrange(this.stream, last.id, last.id);
    return found && isDeepStrictEqual(found[1], last.fields) ? last.id : '0';
  }

  /** Handles one page of this consumer's own pending entries; returns where the next page starts, or null when done. */
  private async replayOwnPending(from: string): Promise<string | null> {
    const reply = await this.redis.xreadgroup(
      'GROUP',
      this.group,
      this.consumer,
      'COUNT',
      this.batchSize,
      'STREAMS',
      this.stream,
      from,
    );
    const entries = entriesOfRead(reply);
    if (entries.length === 0) return null;
    await this.handleBatch(entries, await this.deliveries(entries));
    return entries[entries.length - 1].id;
  }

  /** Takes over entries idle for `minIdleMs`, whoever holds them (a dead consumer, or this one after a failure). */
  private async claimIdle(): Promise<void> {
    let cursor = '0-0';
    do {
      const reply = parseAutoClaim(
        await this.redis.xautoclaim(
          this.stream,
          this.group,
          this.consumer,
          this.minIdleMs,
          cursor,
          'COUNT',
          this.batchSize,
        ),
      );
      if (reply.entries.length > 0)
        await this.handleBatch(reply.entries, await this.deliveries(reply.entries));
      cursor = reply.cursor;
    } while (cursor !== '0-0' && this.running);
  }

  /** Reads and handles the group's new entries; answers how many it read. */
  private async readNew(blockMs: number): Promise<number> {
    const blocking = this.blocking;
    if (!blocking) return 0;
    const read = blocking.xreadgroup(
      'GROUP',
      this.group,
      this.consumer,
      'COUNT',
      this.batchSize,
      'BLOCK',
      blockMs,
      'STREAMS',
      this.stream,
      '>',
    );
    const reply = await untilAborted(read, this.abort.signal);
    if (reply === ABORTED) return 0;
    const entries = entriesOfRead(reply);
    // Entries read with '>' are on their first delivery.
    await this.handleBatch(entries, new Map(entries.map((entry) => [entry.id, 1])));
    if (entries.length > 0 && this.running) this.lastHandled = entries[entries.length - 1];
    return entries.length;
  }

  /** Delivery counts from the group's pending list (they count this read or claim too). */
  private async deliveries(entries: StreamEntry[]): Promise<Map<string, number>> {
    const pipeline = this.redis.pipeline();
    for (const { id } of entries) pipeline.xpending(this.stream, this.group, id, id, 1);
    const counts = new Map<string, number>();
    for (const [error, reply] of (await pipeline.exec()) ?? []) {
      if (error) throw error;
      if (!Array.isArray(reply)) throw new Error('unexpected XPENDING reply');
      for (const [id, count] of deliveriesById(reply)) counts.set(id, count);
    }
    return counts;
  }

  /**
   * Handles a read's entries; every entry it settles (handled, skipped, another service's business) is
   * acknowledged in one XACK when the batch ends, even when it ends early (stopping, an error). An entry handled but
   * not yet acknowledged when the process dies is delivered again: at-least-once, as any crash after a handler.
   */
  private async handleBatch(entries: StreamEntry[], deliveries: Map<string, number>): Promise<void> {
    try {
      await this.handleEntries(entries, deliveries);
    } finally {
      await this.flushAcks();
    }
  }

  private async handleEntries(entries: StreamEntry[], deliveries: Map<string, number>): Promise<void> {
    const batch = entries.map((entry) => this.receive(entry));
    // One look-up per batch, not per event: a viewer's reports are the hottest events.
    const tombstones = await this.deletedUsers.deletedAt(
      batch.flatMap(({ event }) => {
        const subject = event?.ok ? subjectOf(event.value.payload) : undefined;
        return subject === undefined ? [] : [subject];
      }),
    );
    // Another service's business (a well-formed event this group does not handle): acked with the batch, so it
    // neither stays pending nor splits the runs of events around it.
    const others = new Set(batch.filter(({ envelope, event }) => envelope?.ok === true && !event));
    this.ack(...[...others].map(({ entry }) => entry.id));
    // Missing from the pending list: acked or taken over meanwhile; handling it again is at-least-once anyway.
    const deliveriesOf = ({ entry }: Received) => deliveries.get(entry.id) ?? 1;
    const handle = (received: Received) => this.handle(received, deliveriesOf(received), tombstones);
    let run: Received[] = [];
    const keys = new Set<string>();
    const finishRun = async () => {
      await Promise.all(run.map(handle));
      run = [];
      keys.clear();
    };
    let batched: Received[] = [];
    const finishBatched = async () => {
      await this.handleBatched(batched, deliveriesOf, tombstones);
      batched = [];
    };
    for (const received of batch) {
      // Stopping midway leaves the rest pending: replayed by this consumer's next start or claimed by another.
      if (!this.running) return;
      if (others.has(received)) continue;
      const type = this.batchTypeOf(received);
      if (type !== null) {
        await finishRun();
        if (batched.length > 0 && this.batchTypeOf(batched[0]) !== type) await finishBatched();
        batched.push(received);
        continue;
      }
      await finishBatched();
      const key = this.partitionOf(received);
      if (key === null) {
        await finishRun();
        await handle(received);
        continue;
      }
      if (keys.has(key) || run.length >= this.concurrency) await finishRun();
      run.push(received);
      keys.add(key);
    }
    if (!this.running) return;
    await finishBatched();
    await finishRun();
  }

  /** The type of a decoded event handled in batches here; null for any other entry. */
  private batchTypeOf({ event }: Received): string | null {
    return event?.ok && this.batchHandlers.has(event.value.type) ? event.value.type : null;
  }

  /**
   * A run of consecutive events of one batch-handled type: the ones that pass the checks go to one call of its batch
   * handler and are acked in one command. When the call fails, each goes through the one-event path (its own retries
   * and dead-lettering), so one bad event holds back only itself; an outage leaves them all pending, uncounted.
   */
  private async handleBatched(
    run: Received[],
    deliveriesOf: (received: Received) => number,
    tombstones: Tombstones,
  ): Promise<void> {
    if (run.length === 0) return;
    if (run.length === 1) return this.handle(run[0], deliveriesOf(run[0]), tombstones);
    const admitted: Admitted[] = [];
    for (const received of run) {
      const ready = await this.admit(received, deliveriesOf(received), tombstones);
      if (ready) admitted.push(ready);
    }
    if (admitted.length === 0) return;
    const { type } = admitted[0].event;
    const handler = this.batchHandlers.get(type);
    try {
      for (const { event, entry } of admitted)
        if (event.type === USER_DELETED) await this.tombstone(event, entry.id, tombstones);
      // Events of many requests: the handler's log lines carry no one request's correlation id.
      if (handler)
        await RequestContext.run({}, () =>
          handler(admitted.map(({ event, context }) => ({ event, context }))),
        );
    } catch (error) {
      if (isOutage(error)) {
        await this.retryUncounted(
          admitted.map(({ entry, context }) => ({ messageId: entry.id, deliveries: context.deliveries })),
          type,
          error,
        );
        return;
      }
      this.logger.warn({
        msg: 'event batch handler failed; handling its events one at a time',
        group: this.group,
        type,
        events: admitted.length,
        error: errorText(error),
      });
      for (const one of admitted) await this.apply(one);
      return;
    }
    this.ack(...admitted.map(({ entry }) => entry.id));
  }

  /** Decodes an entry once: its envelope, and its payload when this group handles the type (or it is a deletion). */
  private receive(entry: StreamEntry): Received {
    if (entry.fields === null) return { entry, envelope: null };
    const envelope = decodeEnvelope(entry.fields);
    if (
      !envelope.ok ||
      !isEventType(envelope.value.type) ||
      !(this.handlers.has(envelope.value.type) || envelope.value.type === USER_DELETED)
    )
      return { entry, envelope };
    return { entry, envelope, event: decodePayload(envelope.value.type, envelope.value) };
  }

  /** The key whose events must stay in order, for a type that may run beside others; null for any other. */
  private partitionOf({ event }: Received): string | null {
    if (!event?.ok) return null;
    const key = this.partitionBy.get(event.value.type);
    return key ? `${event.value.type}:${key(event.value.payload)}` : null;
  }

  private async handle(received: Received, deliveries: number, tombstones: Tombstones): Promise<void> {
    const admitted = await this.admit(received, deliveries, tombstones);
    if (admitted) await this.apply(admitted);
  }

  /**
   * The checks before a handler: a trimmed, malformed, foreign, poison event or one about a deleted user is acked or
   * dead-lettered here (null); any other is returned, ready for its handler.
   */
  private async admit(
    { entry, envelope: decoded, event }: Received,
    deliveries: number,
    tombstones: Tombstones,
  ): Promise<Admitted | null> {
    if (decoded === null) {
      this.logger.warn({
        msg: 'pending event was trimmed from the stream; acked',
        group: this.group,
        messageId: entry.id,
      });
      return this.acked(entry.id);
    }
    if (!decoded.ok)
      return this.done(this.deadLetter(entry, DeadLetterReason.Malformed, decoded.reason, deliveries));
    const envelope = decoded.value;
    // Another service's business: acknowledged so it does not stay pending in this group.
    if (!event) return this.acked(entry.id);
    if (!event.ok)
      return this.handlers.has(envelope.type)
        ? this.done(this.deadLetter(entry, DeadLetterReason.Malformed, event.reason, deliveries))
        : this.acked(entry.id);
    if (this.isAboutDeletedUser(entry, event.value, tombstones)) {
      this.logger.log({
        msg: 'event about a deleted user skipped',
        group: this.group,
        type: envelope.type,
        eventId: envelope.id,
        messageId: entry.id,
      });
      return this.acked(entry.id);
    }
    if (isPoison(deliveries, this.maxDeliveries, false)) {
      return this.done(
        this.deadLetter(
          entry,
          DeadLetterReason.TooManyDeliveries,
          'delivered without its handler finishing',
          deliveries,
        ),
      );
    }
    return {
      entry,
      event: event.value,
      correlationId: envelope.correlationId,
      context: { group: this.group, consumer: this.consumer, messageId: entry.id, deliveries },
      tombstones,
    };
  }

  private async done(settled: Promise<void>): Promise<null> {
    await settled;
    return null;
  }

  /** An entry settled without its handler: acknowledged with the batch. */
  private acked(messageId: string): null {
    this.ack(messageId);
    return null;
  }

  /** Runs an admitted event's handler and acks it; a failure leaves it pending for retry, or dead-letters it. */
  private async apply({ entry, event, correlationId, context, tombstones }: Admitted): Promise<void> {
    const { deliveries } = context;
    const handler = this.handlers.get(event.type);
    try {
      // Tombstone first: from here on this group skips later events about the user, even if the handler fails.
      if (event.type === USER_DELETED) await this.tombstone(event, entry.id, tombstones);
      // In the context of the request that published the event, so the handler's log lines carry its id.
      if (handler) await RequestContext.run({ correlationId }, () => handler(event, context));
    } catch (error) {
      if (isOutage(error))
        return this.retryUncounted([{ messageId: entry.id, deliveries }], event.type, error);
      if (isPoison(deliveries, this.maxDeliveries, true)) {
        return this.deadLetter(entry, DeadLetterReason.HandlerFailed, errorText(error), deliveries);
      }
      this.logger.warn({
        msg: 'event handler failed; left pending for retry',
        group: this.group,
        type: event.type,
        eventId: event.id,
        messageId: entry.id,
        deliveries,
        error: errorText(error),
      });
      return;
    }
    this.ack(entry.id);
  }

  /**
   * An event published at or after the deletion of the user its payload names (`user.deleted` itself excepted, so a
   * redelivered deletion still erases). Ties within one millisecond count as after: an event about the user from
   * just before its deletion is erased by the deletion anyway.
   */
  private isAboutDeletedUser(
    entry: StreamEntry,
    event: TypedEventEnvelope<EventType>,
    tombstones: Tombstones,
  ): boolean {
    if (event.type === USER_DELETED) return false;
    const subject = subjectOf(event.payload);
    const deletedAt = subject === undefined ? undefined : tombstones.get(subject);
    return deletedAt !== undefined && entryTime(entry.id) >= deletedAt;
  }

  private async tombstone(
    event: TypedEventEnvelope<EventType>,
    entryId: string,
    tombstones: Tombstones,
  ): Promise<void> {
    const userId = subjectOf(event.payload);
    if (userId === undefined) return;
    tombstones.set(userId, await this.deletedUsers.record(userId, entryId));
  }

  /**
   * A handler that failed because MongoDB or Redis is away did nothing wrong: its events stay pending for the next
   * claim, and this delivery is taken off their count (XCLAIM RETRYCOUNT to itself), so an outage longer than
   * `maxDeliveries` claims never sends good events to the dead-letter stream. A batch's events are claimed in one
   * command per delivery count, so they become idle together and the next claim takes them together.
   */
  private async retryUncounted(
    pending: Array<{ messageId: string; deliveries: number }>,
    type: string,
    error: unknown,
  ) {
    this.logger.warn({
      msg: 'event handler met an outage; left pending, not counted',
      group: this.group,
      type,
      messageIds: pending.map(({ messageId }) => messageId),
      error: errorText(error),
    });
    const byCount = new Map<number, string[]>();
    for (const { messageId, deliveries } of pending) {
      const retryCount = Math.max(0, deliveries - 1);
      byCount.set(retryCount, [...(byCount.get(retryCount) ?? []), messageId]);
    }
    for (const [retryCount, messageIds] of byCount)
      await this.redis
        .call(
          'XCLAIM',
          this.stream,
          this.group,
          this.consumer,
          '0',
          ...messageIds,
          'RETRYCOUNT',
          String(retryCount),
          'JUSTID',
        )
        .catch(() => undefined);
  }

  /** Marks entries settled: they are acknowledged when the batch in hand ends. */
  private ack(...messageIds: string[]): void {
    this.acks.push(...messageIds);
  }

  private async flushAcks(): Promise<void> {
    if (this.acks.length === 0) return;
    const messageIds = this.acks;
    this.acks = [];
    await this.redis.xack(this.stream, this.group, ...messageIds);
  }

  /** Copies the entry to the dead-letter stream and acks it in one MULTI, so it is neither lost nor retried. */
  private async deadLetter(
    entry: StreamEntry,
    reason: DeadLetterReason,
    error: string,
    deliveries: number,
  ): Promise<void> {
    const log = reason === DeadLetterReason.Malformed ? 'warn' : 'error';
    this.logger[log]({
      msg: 'event dead-lettered',
      group: this.group,
      messageId: entry.id,
      reason,
      error,
      deliveries,
    });
    const fields = deadLetterFields({
      group: this.group,
      messageId: entry.id,
      reason,
      error,
      deliveries,
      fields: entry.fields,
    });
    const results = await this.redis
      .multi()
      .xadd(this.deadLetterStream, 'MAXLEN', '~', DEFAULT_STREAM_MAX_LEN, '*', ...fields)
      .xack(this.stream, this.group, entry.id)
      .exec();
    const failed = results?.find(([failure]) => failure !== null);
    if (!results || failed) throw failed?.[0] ?? new Error('dead-letter transaction aborted');
  }
}
