import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { SetPasswordRequestSchema, SignupRequestSchema } from '@app/contracts';
import type { SessionUser, SetPasswordRequest, SignupRequest } from '@app/contracts';
import { CorrelationId, Public, ZodPipe } from '@app/server-core';
import { AuthClient } from './auth.client';
import { CurrentUser } from './auth.decorators';
import { ClientIp } from './client-ip';

/** SPEC 7 paths outside /api/auth: sign-up, the signed-in user, set password. */
@ApiTags('auth')
@Controller('api')
export class AccountsController {
  constructor(private readonly auth: AuthClient) {}

  @Public()
  @Post('signup')
  @ApiOperation({ summary: "Creates an account → 201 { message: 'User registered successfully!' }; 409 when the email is taken" })
  signup(@Body(new ZodPipe(SignupRequestSchema, 'body')) body: SignupRequest, @ClientIp() clientIp: string, @CorrelationId() correlationId: string) {
    return this.auth.signup({ ...body, clientIp }, correlationId);
  }

  @Get('user')
  @ApiOperation({ summary: 'The signed-in user' })
  me(@CurrentUser() user: SessionUser, @CorrelationId() correlationId: string) {
    return this.auth.me(user.id, correlationId);
  }

  @Post('set-password')
  @HttpCode(200)
  @ApiOperation({ summary: 'First password of an account created by Google sign-in' })
  setPassword(@Body(new ZodPipe(SetPasswordRequestSchema, 'body')) body: SetPasswordRequest, @CurrentUser() user: SessionUser, @CorrelationId() correlationId: string) {
    return this.auth.setPassword({ ...body, userId: user.id }, correlationId);
  }
}
