import { Controller } from '@nestjs/common';
import type { RpcRequest } from '@app/contracts';
import { PaymentRpc } from '@app/contracts';
import { RpcHandler, RpcPayload } from '@app/server-core';
import { OrdersService } from './orders.service';

@Controller()
export class OrdersController {
  constructor(private readonly orders: OrdersService) {}

  @RpcHandler(PaymentRpc.createTitleOrder)
  createTitleOrder(@RpcPayload() payload: RpcRequest<typeof PaymentRpc.createTitleOrder>) {
    return this.orders.createTitleOrder(payload);
  }
}
