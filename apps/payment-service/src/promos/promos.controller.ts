import { Controller } from '@nestjs/common';
import type { CreatePromoRequest, PageQuery, RpcRequest } from '@app/contracts';
import { PromoRpc } from '@app/contracts';
import { RpcHandler, RpcPayload } from '@app/server-core';
import { PromosService } from './promos.service';

/** The admin console's promo codes (the gateway lets admins only reach these). */
@Controller()
export class PromosController {
  constructor(private readonly promos: PromosService) {}

  @RpcHandler(PromoRpc.create)
  create(@RpcPayload() request: CreatePromoRequest) {
    return this.promos.create(request);
  }

  @RpcHandler(PromoRpc.list)
  list(@RpcPayload() query: PageQuery) {
    return this.promos.list(query);
  }

  @RpcHandler(PromoRpc.setPaused)
  setPaused(@RpcPayload() { promoId, paused }: RpcRequest<typeof PromoRpc.setPaused>) {
    return this.promos.setPaused(promoId, paused);
  }

  @RpcHandler(PromoRpc.redemptions)
  redemptions(@RpcPayload() { promoId, ...page }: PageQuery & { promoId: string }) {
    return this.promos.redemptions(promoId, page);
  }
}
