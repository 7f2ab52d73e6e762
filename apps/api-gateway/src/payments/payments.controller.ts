import type { RawBodyRequest } from '@nestjs/common';
import { Body, Controller, Get, Headers, HttpCode, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import {
  CreateTitleOrderRequestSchema,
  EntitlementsRequestSchema,
  ErrorCode,
  VerifyPaymentRequestSchema,
} from '@app/contracts';
import type {
  CreateTitleOrderRequest,
  EntitlementsRequest,
  SessionUser,
  VerifyPaymentRequest,
} from '@app/contracts';
import { AppError, Public, ZodPipe } from '@app/server-core';
import { CurrentUser, VerifiedEmail } from '../auth/auth.decorators';
import { OwnUserBody } from '../auth/own-user';
import { MovieId } from '../catalogue/movies.controller';
import { NotRateLimited } from '../rate-limit/rate-limits';
import { IdempotencyKeyHeader, idempotencyKeyOf } from './idempotency-key';
import { PaymentClient } from './payment.client';

/** Plans, Checkout, verification, Razorpay's webhook and the entitlement answer. */
@Controller('api')
export class PaymentsController {
  constructor(private readonly payments: PaymentClient) {}

  @Public()
  @Get('plans')
  plans() {
    return this.payments.plans();
  }

  @Public()
  @Get('payments/config')
  config() {
    return this.payments.checkoutConfig();
  }

  /** Watch Now (purchase) or Rent Now (rental): the amount is the title's, computed by payment-service. */
  @Post('payments/create-order')
  @VerifiedEmail()
  createOrder(
    @OwnUserBody(CreateTitleOrderRequestSchema) body: CreateTitleOrderRequest,
    @IdempotencyKeyHeader() headerKey: string | undefined,
    @CurrentUser() user: SessionUser,
  ) {
    return this.payments.createTitleOrder(user, body.movieId, body.kind, idempotencyKeyOf(body, headerKey));
  }

  @Post('payments/verify')
  @HttpCode(200)
  verify(
    @OwnUserBody(VerifyPaymentRequestSchema) body: VerifyPaymentRequest,
    @CurrentUser() user: SessionUser,
  ) {
    return this.payments.verify(user, body);
  }

  /**
   * Razorpay signs the raw bytes, so they are forwarded as received; payment-service holds the secret. Not
   * rate-limited: the signature is the gate, and Razorpay retries what is refused.
   */
  @Public()
  @NotRateLimited()
  @Post('payments/webhook')
  @HttpCode(200)
  webhook(
    @Req() request: RawBodyRequest<Request>,
    @Headers('x-razorpay-signature') signature: string | undefined,
    @Headers('x-razorpay-event-id') eventId: string | undefined,
  ) {
    if (!request.rawBody || !signature || !eventId) {
      throw new AppError(ErrorCode.ValidationFailed, 'A signed Razorpay webhook is expected');
    }
    return this.payments.webhook(request.rawBody.toString('utf8'), signature, eventId);
  }

  /** The answer for each of a screen's titles (its cards' badges), for the signed-in caller's own account. */
  @Post('entitlements')
  @HttpCode(200)
  entitlements(
    @Body(new ZodPipe(EntitlementsRequestSchema, 'body')) body: EntitlementsRequest,
    @CurrentUser() user: SessionUser,
  ) {
    return this.payments.entitlements(user, body.movieIds);
  }

  /** Anyone may ask (a visitor learns the ways in); the answer is for the caller's own account. */
  @Public()
  @Get('entitlements/:id')
  entitlement(@MovieId() movieId: string, @CurrentUser() user: SessionUser | undefined) {
    return this.payments.entitlement(user, movieId);
  }
}
