import { Body, Controller, Headers, Param } from '@nestjs/common';
import { IDEMPOTENCY_KEY_HEADER, SubscriptionRoutes } from '@app/contracts';
import type { ChangePlanRequest, CreatePlanOrderRequest, SessionUser } from '@app/contracts';
import { CurrentUser } from '../auth/auth.decorators';
import { Endpoint } from '../routes/endpoint.decorator';
import { idempotencyKeyOf } from './idempotency-key';
import { PaymentClient } from './payment.client';
import { TitleAccessService } from './title-access.service';

/** A viewer's plan (SPEC 7: `POST /create-order`, `GET/PUT/DELETE /api/users/{id}/subscription`) and My titles. */
@Controller()
export class SubscriptionController {
  constructor(
    private readonly payments: PaymentClient,
    private readonly titles: TitleAccessService,
  ) {}

  /** SPEC's plan order: the reply is the Razorpay subscription Checkout authorises. */
  @Endpoint(SubscriptionRoutes.createPlanOrder)
  createPlanOrder(
    @Body() body: CreatePlanOrderRequest,
    @Headers(IDEMPOTENCY_KEY_HEADER) headerKey: string | undefined,
    @CurrentUser() user: SessionUser,
  ) {
    return this.payments.createPlanOrder(
      user,
      body.planId,
      idempotencyKeyOf(body, headerKey),
      body.promoCode,
    );
  }

  @Endpoint(SubscriptionRoutes.subscription)
  subscription(@Param('id') id: string) {
    return this.payments.subscription(id);
  }

  /** Change plan (DECISIONS 28): the new plan is authorised now through Checkout and starts when this period ends. */
  @Endpoint(SubscriptionRoutes.changePlan)
  changePlan(@Body() body: ChangePlanRequest, @CurrentUser() user: SessionUser) {
    return this.payments.changePlan(user, body.planId, body.idempotencyKey);
  }

  /** Cancel at the end of the paid period. */
  @Endpoint(SubscriptionRoutes.cancel)
  cancel(@Param('id') id: string) {
    return this.payments.cancelSubscription(id);
  }

  @Endpoint(SubscriptionRoutes.ownedTitles)
  ownedTitles(@Param('id') id: string) {
    return this.titles.ownedTitles(id);
  }
}
