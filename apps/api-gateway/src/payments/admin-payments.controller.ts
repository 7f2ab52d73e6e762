import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { AdminPaymentsQuerySchema, RefundRequestSchema, Role } from '@app/contracts';
import type { AdminPaymentsQuery, RefundRequest } from '@app/contracts';
import { ZodPipe } from '@app/server-core';
import { Roles } from '../auth/auth.decorators';
import { PaymentClient } from './payment.client';

const AdminQuery = () => Query(new ZodPipe(AdminPaymentsQuerySchema, 'query'));

/** The admin payments console: what was ordered, paid, subscribed and delivered, what does not add up, refunds. */
@Roles(Role.Admin)
@Controller('api/admin/payments')
export class AdminPaymentsController {
  constructor(private readonly payments: PaymentClient) {}

  @Get('orders')
  orders(@AdminQuery() query: AdminPaymentsQuery) {
    return this.payments.adminOrders(query);
  }

  @Get('payments')
  paymentList(@AdminQuery() query: AdminPaymentsQuery) {
    return this.payments.adminPayments(query);
  }

  @Get('subscriptions')
  subscriptions(@AdminQuery() query: AdminPaymentsQuery) {
    return this.payments.adminSubscriptions(query);
  }

  @Get('webhook-events')
  webhookEvents(@AdminQuery() query: AdminPaymentsQuery) {
    return this.payments.adminWebhookEvents(query);
  }

  @Get('mismatches')
  mismatches() {
    return this.payments.mismatches();
  }

  @Post('refunds')
  @HttpCode(200)
  refund(@Body(new ZodPipe(RefundRequestSchema, 'body')) { paymentId }: RefundRequest) {
    return this.payments.refund(paymentId);
  }
}
