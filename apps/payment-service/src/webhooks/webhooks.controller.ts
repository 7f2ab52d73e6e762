import { Controller } from '@nestjs/common';
import type { RpcRequest } from '@app/contracts';
import { PaymentRpc } from '@app/contracts';
import { RpcHandler, RpcPayload } from '@app/server-core';
import { WebhooksService } from './webhooks.service';

@Controller()
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @RpcHandler(PaymentRpc.webhook)
  receive(@RpcPayload() payload: RpcRequest<typeof PaymentRpc.webhook>) {
    return this.webhooks.receive(payload);
  }
}
