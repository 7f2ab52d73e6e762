import { Body, Controller } from '@nestjs/common';
import { AccountRoutes } from '@app/contracts';
import type { SessionUser, SetLanguageRequest, SetPasswordRequest, SignupRequest } from '@app/contracts';
import { Endpoint } from '../routes/endpoint.decorator';
import { AuthClient } from './auth.client';
import { CurrentUser } from './auth.decorators';
import { ClientIp } from './client-ip';

/** SPEC 7 paths outside /api/auth: sign-up, the signed-in user, set password; the account's language (issue 26). */
@Controller()
export class AccountsController {
  constructor(private readonly auth: AuthClient) {}

  @Endpoint(AccountRoutes.signup)
  signup(@Body() body: SignupRequest, @ClientIp() clientIp: string) {
    return this.auth.signup({ ...body, clientIp });
  }

  @Endpoint(AccountRoutes.me)
  me(@CurrentUser() user: SessionUser) {
    return this.auth.me(user.id);
  }

  @Endpoint(AccountRoutes.setPassword)
  setPassword(@Body() body: SetPasswordRequest, @CurrentUser() user: SessionUser) {
    return this.auth.setPassword(user, body);
  }

  @Endpoint(AccountRoutes.setLanguage)
  setLanguage(@Body() body: SetLanguageRequest, @CurrentUser() user: SessionUser) {
    return this.auth.setLanguage(user, body);
  }
}
