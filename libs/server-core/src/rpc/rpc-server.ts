import { Logger } from '@nestjs/common';
import type { MessageHandler, NatsContext } from '@nestjs/microservices';
import { ServerNats } from '@nestjs/microservices';
import type { Msg, NatsConnection, Subscription } from 'nats';
import { finalize, type Observable, throwError } from 'rxjs';
import { deadlineOf, ErrorCode, rpcByPattern, type RpcDescriptor } from '@app/contracts';
import { AdmissionLimiter, type AdmissionSettings } from '../admission/admission-limiter';
import type { RpcErrorPayload } from '../errors/all-exceptions.filter';
import { AppError } from '../errors/app-error';
import { natsConnectionOptions, type NatsSettings } from './nats';
import { checkReply, CheckedReply, JsonReply, RpcReplySerializer } from './rpc-reply';

/** Longest a stopping replica waits for the requests it took (k8s gives a pod 30 s before SIGKILL). */
const DRAIN_LIMIT_MS = 10_000;

type Packet = { response?: unknown; err?: unknown; isDisposed?: boolean };

/** Why a request was refused without being worked on (the `reason` of `requests_shed_total`). */
export type ShedReason = 'overloaded' | 'deadline';

/** How a reply went: `error` when the service answered an error (its own or a shed). */
export type RpcOutcome = 'ok' | 'error';

/**
 * Told of every request answered: its pattern, how it went, and the seconds from its arrival to its reply (the
 * service's `request_duration_seconds{transport="rpc"}`). Timed here, where the reply is sent anyway, rather than
 * by a Nest interceptor, which would wrap every handler in an Observable pipeline (issue 29 §3).
 */
export type RpcTimer = (pattern: string, outcome: RpcOutcome, seconds: number) => void;

export type RpcServerOptions = {
  /**
   * Tests only: a service under test answers on subjects of its own, so two suites (or two configurations of one
   * service in a suite) sharing the run's NATS never take each other's requests.
   */
  subjectPrefix?: string;
  admission?: RpcAdmission;
  onAnswered?: RpcTimer;
};

export type RpcAdmission = {
  limits: AdmissionSettings;
  /** The message of the OVERLOADED answer, in the feature's words (`serviceBusyMessage`). */
  busyMessage: string;
  /** Told of each request refused (metrics). */
  onShed?: (reason: ShedReason) => void;
};

/** The answer to a request whose caller gave up before it started: sent, though nobody may still listen. */
const EXPIRED: RpcErrorPayload = {
  code: ErrorCode.ServiceTimeout,
  message: 'The request was dropped: its deadline passed before it started.',
};

/**
 * Nest's NATS listener in the service's queue group (NATS hands each request to one replica of the group), with a
 * drain on shutdown: stop taking requests (the group's other replicas get the new ones), let those already taken
 * reply, then disconnect. Nest's own `gracefulShutdown` waits a fixed period instead, and without it the replies
 * of requests in progress are lost and the gateway times out on them.
 *
 * Every reply to a described pattern (`rpcByPattern`) is checked against its contract here, always, before it is
 * sent, and goes out as its contract parses it, serialised once in the checked frame (rpc-reply.ts): the one check
 * of that reply. One that breaks its contract is logged and answered Internal ("Internal error": the gateway's 500).
 */
export class RpcServer extends ServerNats {
  private readonly subs: Subscription[] = [];
  private readonly finishers = new WeakMap<Msg, (outcome: RpcOutcome) => void>();
  private inFlight = 0;
  private onIdle: (() => void) | undefined;
  private readonly limiter: AdmissionLimiter | undefined;
  private readonly replyLogger = new Logger(RpcServer.name);
  private readonly subjectPrefix: string;
  private readonly admission: RpcAdmission | undefined;
  private readonly onAnswered: RpcTimer | undefined;
  /** Routes of the patterns handled here, worked out once each (Nest's way tries JSON.parse and throws every time). */
  private readonly routes = new Map<string, string>();

  /**
   * With `admission`, at most `limits.maxInFlight` requests are worked on at once and `limits.maxQueued` wait; the
   * rest are answered OVERLOADED at once (the gateway's 503 + Retry-After), and a request whose envelope deadline
   * has passed when its turn comes is dropped. Health requests are always answered.
   */
  constructor(
    private readonly queue: string,
    settings: NatsSettings,
    { subjectPrefix = '', admission, onAnswered }: RpcServerOptions = {},
  ) {
    super({
      ...natsConnectionOptions(settings, queue, { waitOnFirstConnect: true }),
      queue,
      serializer: new RpcReplySerializer(),
    });
    this.subjectPrefix = subjectPrefix;
    this.admission = admission;
    this.onAnswered = onAnswered;
    this.limiter = admission && new AdmissionLimiter(admission.limits);
  }

  /**
   * Subscribes, then waits for the server's PONG to a PING sent after the subscriptions: only then has NATS taken
   * them, so a request sent the moment the service says "ready" reaches it instead of "no responders".
   */
  override start(callback: (error?: unknown) => void): void {
    super.start(() => {
      this.unwrap<NatsConnection>()
        .flush()
        .then(
          () => callback(),
          (error: unknown) => callback(error),
        );
    });
  }

  /**
   * Nest's route of a pattern, kept for the patterns that name a handler (a fixed set): it tries `JSON.parse` on the
   * plain subject of every message, and builds an exception each time it fails.
   */
  override getRouteFromPattern(pattern: string): string {
    const known = this.routes.get(pattern);
    if (known !== undefined) return known;
    const route = super.getRouteFromPattern(pattern);
    if (this.messageHandlers.has(route)) this.routes.set(pattern, route);
    return route;
  }

  override bindEvents(client: NatsConnection): void {
    for (const channel of this.messageHandlers.keys()) {
      const handle = this.getMessageHandler(channel) as (error: Error | null, msg: Msg) => Promise<void>;
      this.subs.push(
        client.subscribe(`${this.subjectPrefix}${channel}`, {
          queue: this.queue,
          callback: handle.bind(this),
        }),
      );
    }
  }

  override async handleMessage(channel: string, msg: Msg): Promise<void> {
    const finish = this.track(channel);
    this.finishers.set(msg, finish);
    try {
      await super.handleMessage(channel, msg);
    } catch (error) {
      finish('error');
      throw error;
    }
    // A message nobody waits for (no reply subject) has no reply to count.
    if (!msg.reply) finish('ok');
  }

  override getHandlerByPattern(pattern: string): MessageHandler | null {
    const handler = super.getHandlerByPattern(pattern);
    // Health is answered whatever the load: a busy replica must not look dead to the gateway or an orchestrator.
    if (!handler || !this.limiter || handler.isEventHandler || pattern.endsWith('.health')) return handler;
    return this.admitted(handler, this.limiter);
  }

  /** `handler` behind admission control and the deadline check; the place is held until the reply is sent. */
  private admitted(handler: MessageHandler, limiter: AdmissionLimiter): MessageHandler {
    return (data: unknown, ctx?: unknown) =>
      new Promise<Observable<unknown>>((resolve) => {
        if (this.expired(data)) return resolve(this.shed('deadline', EXPIRED));
        const admitted = limiter.tryAdmit((release) => {
          // It may have waited in the queue past its caller's patience.
          if (this.expired(data)) {
            release();
            resolve(this.shed('deadline', EXPIRED));
            return;
          }
          handler(data, ctx).then(
            (result) => resolve(this.transformToObservable(result).pipe(finalize(release))),
            (error: unknown) => {
              release();
              resolve(throwError(() => error));
            },
          );
        });
        if (!admitted) {
          const busy = { code: ErrorCode.Overloaded, message: this.admission?.busyMessage ?? '' };
          resolve(this.shed('overloaded', busy));
        }
      });
  }

  private expired(envelope: unknown): boolean {
    const deadline = deadlineOf(envelope);
    return deadline !== undefined && Date.now() >= deadline;
  }

  private shed(reason: ShedReason, answer: RpcErrorPayload): Observable<never> {
    this.admission?.onShed?.(reason);
    return throwError(() => answer);
  }

  override getPublisher(msg: Msg, id: string, ctx: NatsContext): (response: Packet) => unknown {
    const publish = super.getPublisher(msg, id, ctx);
    const finish = this.finishers.get(msg);
    const contract = rpcByPattern.get(msg.subject.slice(this.subjectPrefix.length));
    return (response) => {
      let packet = response;
      try {
        packet = contract ? this.checked(contract, response) : response;
        return publish(packet);
      } finally {
        // The last packet of a reply carries isDisposed (or the error).
        if (packet.err !== undefined) finish?.('error');
        else if (packet.isDisposed) finish?.('ok');
      }
    };
  }

  /** A packet carrying a reply: the reply as its contract parses it, marked checked; or the Internal error. */
  private checked(contract: RpcDescriptor, packet: Packet): Packet {
    if (!('response' in packet)) return packet;
    // Checked when it was written (a cached page).
    if (packet.response instanceof JsonReply)
      return { ...packet, response: new CheckedReply(packet.response) };
    try {
      return {
        ...packet,
        response: new CheckedReply(checkReply(contract, packet.response, this.replyLogger)),
      };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const { code, message } = error;
      return { isDisposed: true, err: { code, message } satisfies RpcErrorPayload };
    }
  }

  override async close(): Promise<void> {
    // Drain unsubscribes and still handles what the server already sent this replica.
    await Promise.allSettled(this.subs.map((sub) => sub.drain()));
    this.subs.length = 0;
    if (this.inFlight > 0) {
      await new Promise<void>((resolve) => {
        const limit = setTimeout(resolve, DRAIN_LIMIT_MS);
        this.onIdle = () => {
          clearTimeout(limit);
          resolve();
        };
      });
    }
    await super.close();
  }

  /** Counts a request in until its reply is sent, then times it. */
  private track(pattern: string): (outcome: RpcOutcome) => void {
    this.inFlight++;
    const started = performance.now();
    let done = false;
    return (outcome) => {
      if (done) return;
      done = true;
      this.inFlight--;
      this.onAnswered?.(pattern, outcome, (performance.now() - started) / 1000);
      if (this.inFlight === 0) this.onIdle?.();
    };
  }
}
