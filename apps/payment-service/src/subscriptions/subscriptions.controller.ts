import { Controller } from '@nestjs/common';
import type { RpcRequest } from '@app/contracts';
import { PaymentRpc, TrialRpc } from '@app/contracts';
import { RpcHandler, RpcPayload } from '@app/server-core';
import { SubscriptionsService } from './subscriptions.service';

@Controller()
export class SubscriptionsController {
  constructor(private readonly subscriptions: SubscriptionsService) {}

  @RpcHandler(TrialRpc.offer)
  trialOffer(@RpcPayload() { userId, emailVerified }: RpcRequest<typeof TrialRpc.offer>) {
    return this.subscriptions.trialOffer(userId, emailVerified);
  }

  @RpcHandler(TrialRpc.start)
  startTrial(@RpcPayload() payload: RpcRequest<typeof TrialRpc.start>) {
    return this.subscriptions.startTrial(payload);
  }

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
