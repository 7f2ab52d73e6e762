import type { RawBodyRequest } from '@nestjs/common';
import { Body, Controller, Headers, Param, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ErrorCode, IDEMPOTENCY_KEY_HEADER, PaymentMessages, PaymentRoutes } from '@app/contracts';
import type {
  CreateTitleOrderRequest,
  EntitlementsRequest,
  SessionUser,
  VerifyPaymentRequest,
} from '@app/contracts';
import { AppError } from '@app/server-core';
import { CurrentUser } from '../auth/auth.decorators';
import { Endpoint } from '../routes/endpoint.decorator';
import { idempotencyKeyOf } from './idempotency-key';
import { PaymentClient } from './payment.client';
import { TitleAccessService } from './title-access.service';

/** Plans, Checkout, verification, Razorpay's webhook and the entitlement answer. */
@Controller()
export class PaymentsController {
  constructor(
    private readonly payments: PaymentClient,
    private readonly titles: TitleAccessService,
  ) {}

  @Endpoint(PaymentRoutes.plans)
  plans() {
    return this.payments.plans();
  }

  @Endpoint(PaymentRoutes.config)
  config() {
    return this.payments.checkoutConfig();
  }

  /** Watch Now (purchase) or Rent Now (rental): the amount is the title's, computed by payment-service. */
  @Endpoint(PaymentRoutes.createOrder)
  createOrder(
    @Body() body: CreateTitleOrderRequest,
    @Headers(IDEMPOTENCY_KEY_HEADER) headerKey: string | undefined,
    @CurrentUser() user: SessionUser,
  ) {
    return this.titles.createTitleOrder(
      user,
      body.movieId,
      body.kind,
      idempotencyKeyOf(body, headerKey),
      body.promoCode,
    );
  }

  @Endpoint(PaymentRoutes.verify)
  verify(@Body() body: VerifyPaymentRequest, @CurrentUser() user: SessionUser) {
    return this.payments.verify(user, body);
  }

  /** Razorpay signs the raw bytes, so they are forwarded as received; payment-service holds the secret. */
  @Endpoint(PaymentRoutes.webhook)
  webhook(
    @Req() request: RawBodyRequest<FastifyRequest>,
    @Headers('x-razorpay-signature') signature: string | undefined,
    @Headers('x-razorpay-event-id') eventId: string | undefined,
  ) {
    if (!request.rawBody || !signature || !eventId) {
      throw new AppError(ErrorCode.ValidationFailed, PaymentMessages.signedWebhookExpected);
    }
    return this.payments.webhook(request.rawBody.toString('utf8'), signature, eventId);
  }

  /** The answer for each of a screen's titles (its cards' badges), for the signed-in caller's own account. */
  @Endpoint(PaymentRoutes.entitlements)
  entitlements(@Body() { movieIds }: EntitlementsRequest, @CurrentUser() user: SessionUser) {
    return this.titles.entitlements(user, movieIds);
  }

  /** Anyone may ask (a visitor learns the ways in); the answer is for the caller's own account. */
  @Endpoint(PaymentRoutes.entitlement)
  entitlement(@Param('id') movieId: string, @CurrentUser() user: SessionUser | undefined) {
    return this.titles.entitlement(user, movieId);
  }
}
