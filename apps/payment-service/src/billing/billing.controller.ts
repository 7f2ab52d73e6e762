import { Controller } from '@nestjs/common';
import type { RpcRequest, UpdateBillingProfile } from '@app/contracts';
import { BillingRpc } from '@app/contracts';
import { RpcHandler, RpcPayload } from '@app/server-core';
import { BillingService } from './billing.service';

@Controller()
export class BillingController {
  constructor(private readonly billing: BillingService) {}

  @RpcHandler(BillingRpc.history)
  history(@RpcPayload() { userId }: RpcRequest<typeof BillingRpc.history>) {
    return this.billing.history(userId);
  }

  @RpcHandler(BillingRpc.document)
  document(@RpcPayload() { userId, documentId }: RpcRequest<typeof BillingRpc.document>) {
    return this.billing.document(userId, documentId);
  }

  @RpcHandler(BillingRpc.profile)
  profile(@RpcPayload() { userId }: RpcRequest<typeof BillingRpc.profile>) {
    return this.billing.profile(userId);
  }

  @RpcHandler(BillingRpc.updateProfile)
  updateProfile(@RpcPayload() { userId, profile }: { userId: string; profile: UpdateBillingProfile }) {
    return this.billing.updateProfile(userId, profile);
  }

  @RpcHandler(BillingRpc.pdf)
  pdf(@RpcPayload() { userId, documentId }: RpcRequest<typeof BillingRpc.pdf>) {
    return this.billing.pdf(userId, documentId);
  }
}
