import { Controller } from '@nestjs/common';
import { AuthRpc } from '@app/contracts';
import type {
  DeleteOwnAccountRpc,
  ExchangeOAuthCodeRpc,
  GoogleSignInRpc,
  LoginRpc,
  SetLanguageRpc,
  SetPasswordRpc,
  SignupRpc,
  UserIdRpc,
} from '@app/contracts';
import { RpcHandler, RpcPayload } from '@app/server-core';
import { CaptchaProvider } from '../captcha/captcha.provider';
import { UsersService } from '../users/users.service';
import { AccountsService } from './accounts.service';

@Controller()
export class AccountsController {
  constructor(
    private readonly accounts: AccountsService,
    private readonly captcha: CaptchaProvider,
    private readonly users: UsersService,
  ) {}

  @RpcHandler(AuthRpc.captchaConfig)
  captchaConfig(@RpcPayload() _: Record<string, never>) {
    return this.captcha.config();
  }

  @RpcHandler(AuthRpc.captchaChallenge)
  captchaChallenge(@RpcPayload() _: Record<string, never>) {
    return this.captcha.challenge();
  }

  @RpcHandler(AuthRpc.signup)
  signup(@RpcPayload() payload: SignupRpc) {
    return this.accounts.signup(payload);
  }

  @RpcHandler(AuthRpc.login)
  login(@RpcPayload() payload: LoginRpc) {
    return this.accounts.login(payload);
  }

  @RpcHandler(AuthRpc.me)
  me(@RpcPayload() { userId }: UserIdRpc) {
    return this.accounts.me(userId);
  }

  @RpcHandler(AuthRpc.setPassword)
  setPassword(@RpcPayload() payload: SetPasswordRpc) {
    return this.accounts.setPassword(payload);
  }

  @RpcHandler(AuthRpc.setLanguage)
  setLanguage(@RpcPayload() payload: SetLanguageRpc) {
    return this.users.setLanguage(payload);
  }

  @RpcHandler(AuthRpc.googleSignIn)
  googleSignIn(@RpcPayload() payload: GoogleSignInRpc) {
    return this.accounts.googleSignIn(payload);
  }

  @RpcHandler(AuthRpc.exchangeOAuthCode)
  exchangeOAuthCode(@RpcPayload() payload: ExchangeOAuthCodeRpc) {
    return this.accounts.exchangeOAuthCode(payload);
  }

  @RpcHandler(AuthRpc.deleteOwnAccount)
  deleteOwnAccount(@RpcPayload() payload: DeleteOwnAccountRpc) {
    return this.accounts.deleteOwnAccount(payload);
  }

  @RpcHandler(AuthRpc.exportAccount)
  exportAccount(@RpcPayload() { userId }: UserIdRpc) {
    return this.accounts.exportAccount(userId);
  }
}
