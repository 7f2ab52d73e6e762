import { Body, Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import {
  AuthMessages,
  ErrorCode,
  ForgotPasswordRequestSchema,
  LoginRequestSchema,
  OAuthExchangeRequestSchema,
  ResetPasswordRequestSchema,
  VerifyEmailRequestSchema,
  VerifyOtpRequestSchema,
} from '@app/contracts';
import type {
  ForgotPasswordRequest,
  LoginRequest,
  OAuthExchangeRequest,
  ResetPasswordRequest,
  SessionUser,
  VerifyEmailRequest,
  VerifyOtpRequest,
} from '@app/contracts';
import { AppError, Public, ZodPipe } from '@app/server-core';
import { AuthClient } from './auth.client';
import { CurrentUser } from './auth.decorators';
import { ClientIp } from './client-ip';
import { takeBrowserBinding } from './google/browser-binding';

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

  /** Only from the browser Google's callback gave the binding cookie to (login CSRF); the cookie is spent here. */
  @Public()
  @Post('oauth/exchange')
  @HttpCode(200)
  exchange(
    @Body(new ZodPipe(OAuthExchangeRequestSchema, 'body')) { code }: OAuthExchangeRequest,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const browserBinding = takeBrowserBinding(req, res);
    if (!browserBinding) throw new AppError(ErrorCode.Unauthorized, AuthMessages.oauthCodeInvalid);
    return this.auth.exchangeOAuthCode(code, browserBinding);
  }

  /** The link of the verification mail (DECISIONS 33), opened on any device: the token is the proof. */
  @Public()
  @Post('verify-email')
  @HttpCode(200)
  verifyEmail(@Body(new ZodPipe(VerifyEmailRequestSchema, 'body')) { token }: VerifyEmailRequest) {
    return this.auth.verifyEmail(token);
  }

  @Post('verify-email/resend')
  @HttpCode(200)
  resendVerification(@CurrentUser() user: SessionUser) {
    return this.auth.resendVerification(user.id);
  }
}
