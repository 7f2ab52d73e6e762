import { Controller } from '@nestjs/common';
import { PaymentRpc } from '@app/contracts';
import { RpcHandler } from '@app/server-core';
import { PlansService } from './plans.service';

@Controller()
export class PlansController {
  constructor(private readonly plans: PlansService) {}

  @RpcHandler(PaymentRpc.plans)
  list() {
    return this.plans.list();
  }
}
