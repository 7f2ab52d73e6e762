import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { SetPasswordRequestSchema, SignupRequestSchema } from '@app/contracts';
import type { SessionUser, SetPasswordRequest, SignupRequest } from '@app/contracts';
import { Public, ZodPipe } from '@app/server-core';
import { AuthClient } from './auth.client';
import { CurrentUser } from './auth.decorators';
import { ClientIp } from './client-ip';

/** SPEC 7 paths outside /api/auth: sign-up, the signed-in user, set password. */
@Controller('api')
export class AccountsController {
  constructor(private readonly auth: AuthClient) {}

  @Public()
  @Post('signup')
  signup(@Body(new ZodPipe(SignupRequestSchema, 'body')) body: SignupRequest, @ClientIp() clientIp: string) {
    return this.auth.signup({ ...body, clientIp });
  }

  @Get('user')
  me(@CurrentUser() user: SessionUser) {
    return this.auth.me(user.id);
  }

  @Post('set-password')
  @HttpCode(200)
  setPassword(
    @Body(new ZodPipe(SetPasswordRequestSchema, 'body')) body: SetPasswordRequest,
    @CurrentUser() user: SessionUser,
  ) {
    return this.auth.setPassword({ ...body, userId: user.id });
  }
}
