import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import {
  AuthPatterns,
  EmptyRpcSchema,
  GoogleSignInRpcSchema,
  LoginRpcSchema,
  OAuthExchangeRequestSchema,
  SetPasswordRpcSchema,
  SignupRpcSchema,
  UserIdRpcSchema,
} from '@app/contracts';
import type { GoogleSignInRpc, LoginRpc, OAuthExchangeRequest, SetPasswordRpc, SignupRpc, UserIdRpc } from '@app/contracts';
import { RpcPayload } from '@app/server-core';
import { CaptchaProvider } from '../captcha/captcha.provider';
import { AccountsService } from './accounts.service';

@Controller()
export class AccountsController {
  constructor(
    private readonly accounts: AccountsService,
    private readonly captcha: CaptchaProvider,
  ) {}

  @MessagePattern(AuthPatterns.captchaConfig)
  captchaConfig(@RpcPayload(EmptyRpcSchema) _: Record<string, never>) {
    return this.captcha.config();
  }

  @MessagePattern(AuthPatterns.captchaChallenge)
  captchaChallenge(@RpcPayload(EmptyRpcSchema) _: Record<string, never>) {
    return this.captcha.challenge();
  }

  @MessagePattern(AuthPatterns.signup)
  signup(@RpcPayload(SignupRpcSchema) payload: SignupRpc) {
    return this.accounts.signup(payload);
  }

  @MessagePattern(AuthPatterns.login)
  login(@RpcPayload(LoginRpcSchema) payload: LoginRpc) {
    return this.accounts.login(payload);
  }

  @MessagePattern(AuthPatterns.me)
  me(@RpcPayload(UserIdRpcSchema) { userId }: UserIdRpc) {
    return this.accounts.me(userId);
  }

  @MessagePattern(AuthPatterns.setPassword)
  setPassword(@RpcPayload(SetPasswordRpcSchema) payload: SetPasswordRpc) {
    return this.accounts.setPassword(payload);
  }

  @MessagePattern(AuthPatterns.googleSignIn)
  googleSignIn(@RpcPayload(GoogleSignInRpcSchema) payload: GoogleSignInRpc) {
    return this.accounts.googleSignIn(payload);
  }

  @MessagePattern(AuthPatterns.exchangeOAuthCode)
  exchangeOAuthCode(@RpcPayload(OAuthExchangeRequestSchema) payload: OAuthExchangeRequest) {
    return this.accounts.exchangeOAuthCode(payload);
  }
}
