import { Controller } from '@nestjs/common';
import type { RpcRequest } from '@app/contracts';
import { PaymentRpc } from '@app/contracts';
import { RpcHandler, RpcPayload } from '@app/server-core';
import { SubscriptionsService } from './subscriptions.service';

@Controller()
export class SubscriptionsController {
  constructor(private readonly subscriptions: SubscriptionsService) {}

  @RpcHandler(PaymentRpc.createPlanOrder)
  createPlanOrder(@RpcPayload() payload: RpcRequest<typeof PaymentRpc.createPlanOrder>) {
    return this.subscriptions.createPlanOrder(payload);
  }

  @RpcHandler(PaymentRpc.subscription)
  subscription(@RpcPayload() { userId }: RpcRequest<typeof PaymentRpc.subscription>) {
    return this.subscriptions.view(userId);
  }

  @RpcHandler(PaymentRpc.changePlan)
  changePlan(@RpcPayload() payload: RpcRequest<typeof PaymentRpc.changePlan>) {
    return this.subscriptions.changePlan(payload);
  }

  @RpcHandler(PaymentRpc.cancelSubscription)
  cancel(@RpcPayload() { userId }: RpcRequest<typeof PaymentRpc.cancelSubscription>) {
    return this.subscriptions.cancel(userId);
  }
}
