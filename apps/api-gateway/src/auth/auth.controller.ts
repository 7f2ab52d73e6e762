import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import {
  ForgotPasswordRequestSchema,
  LoginRequestSchema,
  OAuthExchangeRequestSchema,
  ResetPasswordRequestSchema,
  VerifyOtpRequestSchema,
} from '@app/contracts';
import type {
  ForgotPasswordRequest,
  LoginRequest,
  OAuthExchangeRequest,
  ResetPasswordRequest,
  SessionUser,
  VerifyOtpRequest,
} from '@app/contracts';
import { Public, ZodPipe } from '@app/server-core';
import { AuthClient } from './auth.client';
import { CurrentUser } from './auth.decorators';
import { ClientIp } from './client-ip';

@Controller('api/auth')
export class AuthController {
  constructor(private readonly auth: AuthClient) {}

  @Public()
  @Get('captcha')
  captcha() {
    return this.auth.captchaConfig();
  }

  @Public()
  @Get('captcha/challenge')
  challenge() {
    return this.auth.captchaChallenge();
  }

  @Public()
  @Post('login')
  @HttpCode(200)
  login(@Body(new ZodPipe(LoginRequestSchema, 'body')) body: LoginRequest, @ClientIp() clientIp: string) {
    return this.auth.login({ ...body, clientIp, adminOnly: false });
  }

  @Public()
  @Post('admin/login')
  @HttpCode(200)
  adminLogin(
    @Body(new ZodPipe(LoginRequestSchema, 'body')) body: LoginRequest,
    @ClientIp() clientIp: string,
  ) {
    return this.auth.login({ ...body, clientIp, adminOnly: true });
  }

  @Post('logout')
  @HttpCode(204)
  async logout(@CurrentUser() user: SessionUser): Promise<void> {
    await this.auth.logout(user.sessionId);
  }

  @Public()
  @Post('forgot-password')
  @HttpCode(200)
  forgotPassword(
    @Body(new ZodPipe(ForgotPasswordRequestSchema, 'body')) body: ForgotPasswordRequest,
    @ClientIp() clientIp: string,
  ) {
    return this.auth.forgotPassword({ ...body, clientIp });
  }

  @Public()
  @Post('verify-otp')
  @HttpCode(200)
  verifyOtp(
    @Body(new ZodPipe(VerifyOtpRequestSchema, 'body')) body: VerifyOtpRequest,
    @ClientIp() clientIp: string,
  ) {
    return this.auth.verifyOtp({ ...body, clientIp });
  }

  @Public()
  @Post('reset-password')
  @HttpCode(200)
  resetPassword(
    @Body(new ZodPipe(ResetPasswordRequestSchema, 'body')) body: ResetPasswordRequest,
    @ClientIp() clientIp: string,
  ) {
    return this.auth.resetPassword({ ...body, clientIp });
  }

  @Public()
  @Post('oauth/exchange')
  @HttpCode(200)
  exchange(@Body(new ZodPipe(OAuthExchangeRequestSchema, 'body')) { code }: OAuthExchangeRequest) {
    return this.auth.exchangeOAuthCode(code);
  }
}
