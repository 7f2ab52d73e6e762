import { Body, Controller, Headers } from '@nestjs/common';
import { IDEMPOTENCY_KEY_HEADER, TrialRoutes } from '@app/contracts';
import type { SessionUser } from '@app/contracts';
import { CurrentUser } from '../auth/auth.decorators';
import { Endpoint } from '../routes/endpoint.decorator';
import { idempotencyKeyOf } from './idempotency-key';
import { PaymentClient } from './payment.client';

/** The free trial of Standard (issue 27): the path's own account only (the routes' `own`). */
@Controller()
export class TrialController {
  constructor(private readonly payments: PaymentClient) {}

  @Endpoint(TrialRoutes.offer)
  offer(@CurrentUser() user: SessionUser) {
    return this.payments.trialOffer(user);
  }

  @Endpoint(TrialRoutes.start)
  start(
    @Body() body: { idempotencyKey?: string; promoCode?: string },
    @Headers(IDEMPOTENCY_KEY_HEADER) headerKey: string | undefined,
    @CurrentUser() user: SessionUser,
  ) {
    return this.payments.startTrial(user, idempotencyKeyOf(body, headerKey), body.promoCode);
  }
}
