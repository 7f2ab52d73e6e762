import { Controller } from '@nestjs/common';
import type { RpcRequest } from '@app/contracts';
import { PaymentRpc } from '@app/contracts';
import { RpcHandler, RpcPayload } from '@app/server-core';
import { EntitlementsService } from './entitlements.service';

@Controller()
export class EntitlementsController {
  constructor(private readonly entitlements: EntitlementsService) {}

  @RpcHandler(PaymentRpc.entitlement)
  entitlement(@RpcPayload() payload: RpcRequest<typeof PaymentRpc.entitlement>) {
    return this.entitlements.entitlement(payload);
  }

  @RpcHandler(PaymentRpc.entitlements)
  entitlementsOf(@RpcPayload() payload: RpcRequest<typeof PaymentRpc.entitlements>) {
    return this.entitlements.entitlements(payload);
  }

  @RpcHandler(PaymentRpc.ownedTitles)
  ownedTitles(@RpcPayload() { userId }: RpcRequest<typeof PaymentRpc.ownedTitles>) {
    return this.entitlements.ownedTitles(userId);
  }

  @RpcHandler(PaymentRpc.startRental)
  startRental(@RpcPayload() { userId, movieId }: RpcRequest<typeof PaymentRpc.startRental>) {
    return this.entitlements.startRental(userId, movieId);
  }
}
