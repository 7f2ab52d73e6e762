import { Body, Controller, Param, Query } from '@nestjs/common';
import { AdminPromoRoutes } from '@app/contracts';
import type { CreatePromoRequest, PageQuery } from '@app/contracts';
import { Endpoint } from '../routes/endpoint.decorator';
import { PaymentClient } from './payment.client';

/** The admin console's promo codes (issue 27): payment-service applies them, at order creation only. */
@Controller()
export class AdminPromosController {
  constructor(private readonly payments: PaymentClient) {}

  @Endpoint(AdminPromoRoutes.create)
  create(@Body() body: CreatePromoRequest) {
    return this.payments.createPromo(body);
  }

  @Endpoint(AdminPromoRoutes.list)
  list(@Query() query: PageQuery) {
    return this.payments.promos(query);
  }

  @Endpoint(AdminPromoRoutes.setPaused)
  setPaused(@Param('promoId') promoId: string, @Body() { paused }: { paused: boolean }) {
    return this.payments.setPromoPaused(promoId, paused);
  }

  @Endpoint(AdminPromoRoutes.redemptions)
  redemptions(@Param('promoId') promoId: string, @Query() query: PageQuery) {
    return this.payments.promoRedemptions(promoId, query);
  }
}
