import { Body, Controller, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AuthMessages, AuthRoutes, ErrorCode } from '@app/contracts';
import type {
  ForgotPasswordRequest,
  LoginRequest,
  OAuthExchangeRequest,
  ResetPasswordRequest,
  SessionUser,
  VerifyEmailRequest,
  VerifyOtpRequest,
} from '@app/contracts';
import { AppError } from '@app/server-core';
import { Endpoint } from '../routes/endpoint.decorator';
import { AuthClient } from './auth.client';
import { CurrentUser } from './auth.decorators';
import { ClientIp, UserAgent } from './client-ip';
import { takeBrowserBinding } from './google/browser-binding';

@Controller()
export class AuthController {
  constructor(private readonly auth: AuthClient) {}

  @Endpoint(AuthRoutes.captcha)
  captcha() {
    return this.auth.captchaConfig();
  }

  @Endpoint(AuthRoutes.challenge)
  challenge() {
    return this.auth.captchaChallenge();
  }

  @Endpoint(AuthRoutes.login)
  login(@Body() body: LoginRequest, @ClientIp() clientIp: string, @UserAgent() userAgent: string) {
    return this.auth.login({ ...body, clientIp, userAgent, adminOnly: false });
  }

  @Endpoint(AuthRoutes.adminLogin)
  adminLogin(@Body() body: LoginRequest, @ClientIp() clientIp: string, @UserAgent() userAgent: string) {
    return this.auth.login({ ...body, clientIp, userAgent, adminOnly: true });
  }

  @Endpoint(AuthRoutes.logout)
  async logout(@CurrentUser() user: SessionUser): Promise<void> {
    await this.auth.logout(user.sessionId);
  }

  @Endpoint(AuthRoutes.forgotPassword)
  forgotPassword(@Body() body: ForgotPasswordRequest, @ClientIp() clientIp: string) {
    return this.auth.forgotPassword({ ...body, clientIp });
  }

  @Endpoint(AuthRoutes.verifyOtp)
  verifyOtp(@Body() body: VerifyOtpRequest, @ClientIp() clientIp: string) {
    return this.auth.verifyOtp({ ...body, clientIp });
  }

  @Endpoint(AuthRoutes.resetPassword)
  resetPassword(@Body() body: ResetPasswordRequest, @ClientIp() clientIp: string) {
    return this.auth.resetPassword({ ...body, clientIp });
  }

  /** Only from the browser Google's callback gave the binding cookie to (login CSRF); the cookie is spent here. */
  @Endpoint(AuthRoutes.exchange)
  exchange(
    @Body() { code }: OAuthExchangeRequest,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) res: FastifyReply,
    @ClientIp() clientIp: string,
    @UserAgent() userAgent: string,
  ) {
    const browserBinding = takeBrowserBinding(req, res.raw);
    if (!browserBinding) throw new AppError(ErrorCode.Unauthorized, AuthMessages.oauthCodeInvalid);
    return this.auth.exchangeOAuthCode({ code, browserBinding, clientIp, userAgent });
  }

  /** The link of the verification mail (DECISIONS 33), opened on any device: the token is the proof. */
  @Endpoint(AuthRoutes.verifyEmail)
  verifyEmail(@Body() { token }: VerifyEmailRequest) {
    return this.auth.verifyEmail(token);
  }

  @Endpoint(AuthRoutes.resendVerification)
  resendVerification(@CurrentUser() user: SessionUser) {
    return this.auth.resendVerification(user.id);
  }
}
