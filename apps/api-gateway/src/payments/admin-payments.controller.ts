import { Body, Controller, Query } from '@nestjs/common';
import { AdminPaymentRoutes } from '@app/contracts';
import type { AdminPaymentsQuery, RefundRequest } from '@app/contracts';
import { Endpoint } from '../routes/endpoint.decorator';
import { PaymentClient } from './payment.client';

/** The admin payments console: what was ordered, paid, subscribed and delivered, what does not add up, refunds. */
@Controller()
export class AdminPaymentsController {
  constructor(private readonly payments: PaymentClient) {}

  @Endpoint(AdminPaymentRoutes.orders)
  orders(@Query() query: AdminPaymentsQuery) {
    return this.payments.adminOrders(query);
  }

  @Endpoint(AdminPaymentRoutes.payments)
  paymentList(@Query() query: AdminPaymentsQuery) {
    return this.payments.adminPayments(query);
  }

  @Endpoint(AdminPaymentRoutes.subscriptions)
  subscriptions(@Query() query: AdminPaymentsQuery) {
    return this.payments.adminSubscriptions(query);
  }

  @Endpoint(AdminPaymentRoutes.webhookEvents)
  webhookEvents(@Query() query: AdminPaymentsQuery) {
    return this.payments.adminWebhookEvents(query);
  }

  @Endpoint(AdminPaymentRoutes.mismatches)
  mismatches() {
    return this.payments.mismatches();
  }

  @Endpoint(AdminPaymentRoutes.refund)
  refund(@Body() { paymentId }: RefundRequest) {
    return this.payments.refund(paymentId);
  }
}
