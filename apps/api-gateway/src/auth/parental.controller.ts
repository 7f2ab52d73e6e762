import { Body, Controller } from '@nestjs/common';
import { ParentalRoutes } from '@app/contracts';
import type { DeclareAgeRequest, SessionUser, UpdateParentalRequest } from '@app/contracts';
import { Endpoint } from '../routes/endpoint.decorator';
import { CurrentUser } from './auth.decorators';
import { ClientIp } from './client-ip';
import { ParentalClient } from './parental.client';

/** Issue 25: the signed-in account's parental controls; auth-service owns them and their rules. */
@Controller()
export class ParentalController {
  constructor(private readonly parental: ParentalClient) {}

  @Endpoint(ParentalRoutes.settings)
  settings(@CurrentUser() caller: SessionUser) {
    return this.parental.settings(caller.id);
  }

  @Endpoint(ParentalRoutes.update)
  update(
    @Body() changes: UpdateParentalRequest,
    @ClientIp() clientIp: string,
    @CurrentUser() caller: SessionUser,
  ) {
    return this.parental.update(caller.id, changes, clientIp);
  }

  @Endpoint(ParentalRoutes.declareAge)
  declareAge(@Body() body: DeclareAgeRequest, @CurrentUser() caller: SessionUser) {
    return this.parental.declareAge(caller.id, body);
  }
}
