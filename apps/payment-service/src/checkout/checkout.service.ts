import { Injectable } from '@nestjs/common';
import type { CheckoutConfig, Payer, VerifyPaymentRequest, VerifyPaymentResult } from '@app/contracts';
import { InjectEnv } from '@app/server-core';
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

  verify(payer: Payer, confirmation: VerifyPaymentRequest): Promise<VerifyPaymentResult> {
    const paymentId = confirmation.razorpay_payment_id;
    const signature = confirmation.razorpay_signature;
    return 'razorpay_order_id' in confirmation
      ? this.orders.verify({ paymentId, orderId: confirmation.razorpay_order_id, signature }, payer)
      : this.subscriptions.verify(
          { paymentId, subscriptionId: confirmation.razorpay_subscription_id, signature },
          payer,
        );
  }
}
