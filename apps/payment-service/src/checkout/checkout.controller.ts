import { Controller } from '@nestjs/common';
import type { RpcRequest } from '@app/contracts';
import { PaymentRpc } from '@app/contracts';
import { RpcHandler, RpcPayload } from '@app/server-core';
import { CheckoutService } from './checkout.service';

@Controller()
export class CheckoutController {
  constructor(private readonly checkout: CheckoutService) {}

  @RpcHandler(PaymentRpc.checkoutConfig)
  config() {
    return this.checkout.config();
  }

  @RpcHandler(PaymentRpc.verify)
  verify(@RpcPayload() { payer, confirmation }: RpcRequest<typeof PaymentRpc.verify>) {
    return this.checkout.verify(payer, confirmation);
  }
}
