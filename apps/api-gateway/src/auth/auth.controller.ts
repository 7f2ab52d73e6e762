import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ForgotPasswordRequestSchema, LoginRequestSchema, OAuthExchangeRequestSchema, ResetPasswordRequestSchema, VerifyOtpRequestSchema } from '@app/contracts';
import type { ForgotPasswordRequest, LoginRequest, OAuthExchangeRequest, ResetPasswordRequest, SessionUser, VerifyOtpRequest } from '@app/contracts';
import { CorrelationId, Public, ZodPipe } from '@app/server-core';
import { AuthClient } from './auth.client';
import { CurrentUser } from './auth.decorators';
import { ClientIp } from './client-ip';

@ApiTags('auth')
@Controller('api/auth')
export class AuthController {
  constructor(private readonly auth: AuthClient) {}

  @Public()
  @Get('captcha')
  @ApiOperation({ summary: "Which captcha the login forms show: { provider: 'altcha', challengeUrl } or { provider: 'recaptcha', siteKey }" })
  captcha(@CorrelationId() correlationId: string) {
    return this.auth.captchaConfig(correlationId);
  }

  @Public()
  @Get('captcha/challenge')
  @ApiOperation({ summary: 'A new ALTCHA challenge for the altcha widget' })
  challenge(@CorrelationId() correlationId: string) {
    return this.auth.captchaChallenge(correlationId);
  }

  @Public()
  @Post('login')
  @HttpCode(200)
  @ApiOperation({ summary: 'Sign in with email, password and the solved captcha (recaptchaToken) → { message, token, user }' })
  login(@Body(new ZodPipe(LoginRequestSchema, 'body')) body: LoginRequest, @ClientIp() clientIp: string, @CorrelationId() correlationId: string) {
    return this.auth.login({ ...body, clientIp, adminOnly: false }, correlationId);
  }

  @Public()
  @Post('admin/login')
  @HttpCode(200)
  @ApiOperation({ summary: 'Admin sign-in: as login, and 403 "Admin access required" for a non-admin' })
  adminLogin(@Body(new ZodPipe(LoginRequestSchema, 'body')) body: LoginRequest, @ClientIp() clientIp: string, @CorrelationId() correlationId: string) {
    return this.auth.login({ ...body, clientIp, adminOnly: true }, correlationId);
  }

  @Post('logout')
  @HttpCode(204)
  @ApiOperation({ summary: 'Revokes the session of the token used' })
  async logout(@CurrentUser() user: SessionUser, @CorrelationId() correlationId: string): Promise<void> {
    await this.auth.logout(user.sessionId, correlationId);
  }

  @Public()
  @Post('forgot-password')
  @HttpCode(200)
  @ApiOperation({ summary: 'Mails a 6-digit OTP; the same answer whether or not the email exists' })
  forgotPassword(@Body(new ZodPipe(ForgotPasswordRequestSchema, 'body')) body: ForgotPasswordRequest, @ClientIp() clientIp: string, @CorrelationId() correlationId: string) {
    return this.auth.forgotPassword({ ...body, clientIp }, correlationId);
  }

  @Public()
  @Post('verify-otp')
  @HttpCode(200)
  verifyOtp(@Body(new ZodPipe(VerifyOtpRequestSchema, 'body')) body: VerifyOtpRequest, @ClientIp() clientIp: string, @CorrelationId() correlationId: string) {
    return this.auth.verifyOtp({ ...body, clientIp }, correlationId);
  }

  @Public()
  @Post('reset-password')
  @HttpCode(200)
  resetPassword(@Body(new ZodPipe(ResetPasswordRequestSchema, 'body')) body: ResetPasswordRequest, @ClientIp() clientIp: string, @CorrelationId() correlationId: string) {
    return this.auth.resetPassword({ ...body, clientIp }, correlationId);
  }

  @Public()
  @Post('oauth/exchange')
  @HttpCode(200)
  @ApiOperation({ summary: 'Swaps the one-time code from /oauth-success?token=… (60 s, single use) for { token, user }' })
  exchange(@Body(new ZodPipe(OAuthExchangeRequestSchema, 'body')) { code }: OAuthExchangeRequest, @CorrelationId() correlationId: string) {
    return this.auth.exchangeOAuthCode(code, correlationId);
  }
}
