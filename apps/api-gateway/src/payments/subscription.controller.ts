import { Body, Controller, Delete, Get, Post, Put } from '@nestjs/common';
import { ChangePlanRequestSchema, CreatePlanOrderRequestSchema } from '@app/contracts';
import type { ChangePlanRequest, CreatePlanOrderRequest, SessionUser, UserIdParams } from '@app/contracts';
import { ZodPipe } from '@app/server-core';
import { CurrentUser, VerifiedEmail } from '../auth/auth.decorators';
import { OwnUser } from '../auth/own-user';
import { IdempotencyKeyHeader, idempotencyKeyOf } from './idempotency-key';
import { PaymentClient } from './payment.client';

/** A viewer's plan (SPEC 7: `POST /create-order`, `GET/PUT/DELETE /api/users/{id}/subscription`) and My titles. */
@Controller()
export class SubscriptionController {
  constructor(private readonly payments: PaymentClient) {}

  /** SPEC's plan order: the reply is the Razorpay subscription Checkout authorises. */
  @Post('create-order')
  @VerifiedEmail()
  createPlanOrder(
    @Body(new ZodPipe(CreatePlanOrderRequestSchema, 'body')) body: CreatePlanOrderRequest,
    @IdempotencyKeyHeader() headerKey: string | undefined,
    @CurrentUser() user: SessionUser,
  ) {
    return this.payments.createPlanOrder(user, body.planId, idempotencyKeyOf(body, headerKey));
  }

  @Get('api/users/:id/subscription')
  subscription(@OwnUser({ allowAdmin: true }) { id }: UserIdParams) {
    return this.payments.subscription(id);
  }

  /** Change plan (DECISIONS 28): the new plan is authorised now through Checkout and starts when this period ends. */
  @Put('api/users/:id/subscription')
  @VerifiedEmail()
  changePlan(
    @OwnUser() _own: UserIdParams,
    @Body(new ZodPipe(ChangePlanRequestSchema, 'body')) body: ChangePlanRequest,
    @CurrentUser() user: SessionUser,
  ) {
    return this.payments.changePlan(user, body.planId, body.idempotencyKey);
  }

  /** Cancel at the end of the paid period. */
  @Delete('api/users/:id/subscription')
  cancel(@OwnUser() { id }: UserIdParams) {
    return this.payments.cancelSubscription(id);
  }

  @Get('api/users/:id/titles')
  ownedTitles(@OwnUser({ allowAdmin: true }) { id }: UserIdParams) {
    return this.payments.ownedTitles(id);
  }
}
