import { Injectable, Logger } from '@nestjs/common';
import type { EventPayload, EventType } from '@app/contracts';
import { EventBus } from '@app/server-core';

/**
 * Publishes this service's events after the fact they announce is stored. A failed publish is logged, not
 * thrown: the payment and the grant are already safe, and failing the caller would only make Razorpay retry a
 * webhook whose effects are all done (the retry would not publish again either).
 */
@Injectable()
export class PaymentEventsPublisher {
  private readonly logger = new Logger(PaymentEventsPublisher.name);

  constructor(private readonly bus: EventBus) {}

  async publish<T extends EventType>(type: T, payload: EventPayload<T>): Promise<void> {
    try {
      await this.bus.publish(type, payload);
    } catch (error) {
      this.logger.error({
        msg: 'event not published',
        type,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
}
