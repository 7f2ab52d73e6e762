import {
  Abstract,
  BeforeApplicationShutdown,
  DynamicModule,
  Inject,
  Injectable,
  Module,
  ModuleMetadata,
  OnApplicationBootstrap,
  Type,
} from '@nestjs/common';
import { Redis } from 'ioredis';
import { REDIS_CLIENT } from '../database/redis';
import { AuditTrail } from './audit-trail';
import { DeletedUsers } from './deleted-users';
import { EVENT_BUS_OPTIONS, EventBus, EventBusOptions } from './event-bus';
import { EventBatchHandlers, EventConsumer, EventConsumerOptions, EventHandlers } from './event-consumer';
import { IdempotencyStore } from './idempotency-store';

export const EVENT_CONSUMER = Symbol('EVENT_CONSUMER');

/** The class tokens `inject` names, one per parameter of `handlers`: each instance arrives as its own type. */
export type ConsumerDeps<Deps extends unknown[]> = { [K in keyof Deps]: Type<Deps[K]> | Abstract<Deps[K]> };

export type EventsConsumerModuleOptions<Deps extends unknown[]> = Omit<
  EventConsumerOptions,
  'handlers' | 'batchHandlers'
> & {
  /** Modules exporting what `inject` names. */
  imports?: ModuleMetadata['imports'];
  /** Providers handed to `handlers`, in its parameters' order; IdempotencyStore is always available. */
  inject?: ConsumerDeps<Deps>;
  handlers?: (...deps: NoInfer<Deps>) => EventHandlers;
  /** Types handled in batches (EventConsumerOptions.batchHandlers), from the same providers. */
  batchHandlers?: (...deps: NoInfer<Deps>) => EventBatchHandlers;
};

@Injectable()
class EventConsumerLifecycle implements OnApplicationBootstrap, BeforeApplicationShutdown {
  constructor(@Inject(EVENT_CONSUMER) private readonly consumer: EventConsumer) {}

  onApplicationBootstrap() {
    return this.consumer.start();
  }

  // Before Redis and Mongo close (they close in onApplicationShutdown), so the in-flight handler can finish.
  beforeApplicationShutdown() {
    return this.consumer.stop();
  }
}

/** Nest wiring of the event bus; needs REDIS_CLIENT (and, for consumers, the Mongo connection) from CoreModule. */
@Module({})
export class EventsModule {
  static forPublisher(options: EventBusOptions = {}): DynamicModule {
    return {
      module: EventsModule,
      global: true,
      providers: [{ provide: EVENT_BUS_OPTIONS, useValue: options }, EventBus, DeletedUsers, AuditTrail],
      // DeletedUsers: any code may ask whether a user was deleted (a lease, an RPC write for a stale session).
      exports: [EventBus, DeletedUsers, AuditTrail],
    };
  }

  /** Starts one consumer of `group` when the app has bootstrapped and stops it on shutdown. */
  static forConsumer<Deps extends unknown[] = []>({
    imports = [],
    inject,
    handlers,
    batchHandlers,
    ...options
  }: EventsConsumerModuleOptions<Deps>): DynamicModule {
    return {
      module: EventsModule,
      imports,
      providers: [
        IdempotencyStore,
        {
          provide: EVENT_CONSUMER,
          inject: [REDIS_CLIENT, ...(inject ?? [])],
          useFactory: (redis: Redis, ...deps: Deps) =>
            new EventConsumer(redis, {
              ...options,
              handlers: handlers?.(...deps) ?? {},
              batchHandlers: batchHandlers?.(...deps),
            }),
        },
        EventConsumerLifecycle,
      ],
      exports: [EVENT_CONSUMER, IdempotencyStore],
    };
  }
}
