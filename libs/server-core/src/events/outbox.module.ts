import {
  BeforeApplicationShutdown,
  DynamicModule,
  Inject,
  Injectable,
  Logger,
  Module,
  ModuleMetadata,
  OnApplicationBootstrap,
} from '@nestjs/common';
import { ENV } from '../env/env.module';
import { MetricsService } from '../metrics/metrics.service';
import { EventBus } from './event-bus';
import type { ConsumerDeps } from './events.module';
import { MarkerSource, Outbox, SettledChecks } from './outbox';
import type { OutboxEnv } from './outbox-env';
import { OutboxRepository } from './outbox.repository';

export type OutboxModuleOptions<Deps extends unknown[]> = {
  /** Modules exporting what `inject` names. */
  imports?: ModuleMetadata['imports'];
  /** Providers handed to `settled`, in its parameters' order. */
  inject?: ConsumerDeps<Deps>;
  /** The service's check per event type it announces through the outbox collection: "is the fact stored?" */
  settled?: (...deps: NoInfer<Deps>) => SettledChecks;
  /** Where its documents mark events announced with `announceMarked` (hot paths), for the relay to sweep. */
  markers?: (...deps: NoInfer<Deps>) => MarkerSource[];
};

/** Runs relay rounds one after another, `OUTBOX_RELAY_INTERVAL_MS` apart, from bootstrap to shutdown. */
@Injectable()
class OutboxRelay implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(OutboxRelay.name);
  private timer?: NodeJS.Timeout;
  private round?: Promise<void>;
  private stopped = false;

  constructor(
    private readonly outbox: Outbox,
    @Inject(ENV) private readonly env: OutboxEnv,
  ) {}

  onApplicationBootstrap() {
    this.schedule(0);
  }

  // Before Redis and Mongo close (they close in onApplicationShutdown), so a round in flight can finish.
  async beforeApplicationShutdown() {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.round;
  }

  private schedule(delayMs: number) {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.round = this.outbox
        .relay()
        .then(() => undefined)
        .catch((error: unknown) => {
          this.logger.warn({
            msg: 'outbox relay round failed',
            error: error instanceof Error ? error.message : String(error),
          });
        })
        .finally(() => this.schedule(this.env.OUTBOX_RELAY_INTERVAL_MS));
    }, delayMs);
    this.timer.unref();
  }
}

/**
 * The service's event outbox (`outbox` collection in its own database) and its relay; imported beside
 * `EventsModule.forPublisher()` (its EventBus) and after CoreModule (Mongo, metrics, ENV with `outboxEnvShape`).
 */
@Module({})
export class OutboxModule {
  static forService<Deps extends unknown[] = []>({
    imports = [],
    inject,
    settled = () => ({}),
    markers = () => [],
  }: OutboxModuleOptions<Deps>): DynamicModule {
    return {
      module: OutboxModule,
      global: true,
      imports,
      providers: [
        OutboxRepository,
        {
          provide: Outbox,
          inject: [OutboxRepository, EventBus, MetricsService, ENV, ...(inject ?? [])],
          useFactory: (
            store: OutboxRepository,
            events: EventBus,
            metrics: MetricsService,
            env: OutboxEnv,
            ...deps: Deps
          ) =>
            new Outbox(
              store,
              events,
              settled(...deps),
              {
                graceMs: env.OUTBOX_GRACE_MS,
                markers: markers(...deps),
                crashAfterChange: env.NODE_ENV === 'test' ? env.OUTBOX_TEST_CRASH_AFTER_CHANGE : undefined,
              },
              metrics,
            ),
        },
        OutboxRelay,
      ],
      exports: [Outbox],
    };
  }
}
