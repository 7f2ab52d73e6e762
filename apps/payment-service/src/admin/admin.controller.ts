import { Controller } from '@nestjs/common';
import type { AdminPaymentsQuery, RpcRequest } from '@app/contracts';
import { PaymentRpc } from '@app/contracts';
import { RpcHandler, RpcPayload } from '@app/server-core';
import { AdminService } from './admin.service';

@Controller()
export class AdminController {
  constructor(private readonly admin: AdminService) {}

  @RpcHandler(PaymentRpc.adminOrders)
  orders(@RpcPayload() query: AdminPaymentsQuery) {
    return this.admin.ordersPage(query);
  }

  @RpcHandler(PaymentRpc.adminPayments)
  payments(@RpcPayload() query: AdminPaymentsQuery) {
    return this.admin.paymentsPage(query);
  }

  @RpcHandler(PaymentRpc.adminSubscriptions)
  subscriptions(@RpcPayload() query: AdminPaymentsQuery) {
    return this.admin.subscriptionsPage(query);
  }

  @RpcHandler(PaymentRpc.adminWebhookEvents)
  webhookEvents(@RpcPayload() query: AdminPaymentsQuery) {
    return this.admin.webhookEventsPage(query);
  }

  @RpcHandler(PaymentRpc.adminMismatches)
  mismatches() {
    return this.admin.mismatches();
  }

  @RpcHandler(PaymentRpc.refund)
  refund(@RpcPayload() { paymentId }: RpcRequest<typeof PaymentRpc.refund>) {
    return this.admin.refund(paymentId);
  }
}
