import { Injectable } from '@nestjs/common';
import type { CheckoutConfig, Payer, VerifyPaymentRequest, VerifyPaymentResult } from '@app/contracts';
import { ErrorCode, PaymentMessages } from '@app/contracts';
import { AppError, InjectEnv } from '@app/server-core';
import type { Env } from '../env';
import { OrdersService } from '../orders/orders.service';
import { RazorpayClient } from '../razorpay/razorpay.client';
import { SubscriptionsService } from '../subscriptions/subscriptions.service';
import { THEME_COLOR } from './checkout.mapper';

/** What the web app opens Checkout with, and the verification of Checkout's signed answer (orders or plans). */
@Injectable()
export class CheckoutService {
  constructor(
    private readonly orders: OrdersService,
    private readonly subscriptions: SubscriptionsService,
    private readonly razorpay: RazorpayClient,
    @InjectEnv() private readonly env: Env,
  ) {}

  config(): CheckoutConfig {
    return {
      keyId: this.razorpay.keyId,
      checkoutUrl: this.env.RAZORPAY_CHECKOUT_URL,
      testMode: this.razorpay.testMode,
      themeColor: THEME_COLOR,
    };
  }

  async verify(payer: Payer, confirmation: VerifyPaymentRequest): Promise<VerifyPaymentResult> {
    // SPEC 7's `userId` names the payer: the gateway refuses anyone else's, and so does this (defence in depth).
    if (confirmation.userId !== undefined && confirmation.userId !== payer.userId)
      throw new AppError(ErrorCode.Forbidden, PaymentMessages.otherAccount);
    const paymentId = confirmation.razorpay_payment_id;
    const signature = confirmation.razorpay_signature;
    return 'razorpay_order_id' in confirmation
      ? this.orders.verify(
          { paymentId, orderId: confirmation.razorpay_order_id, signature, movieId: confirmation.movieId },
          payer,
        )
      : this.subscriptions.verify(
          { paymentId, subscriptionId: confirmation.razorpay_subscription_id, signature },
          payer,
        );
  }
}
