import { Injectable } from '@nestjs/common';
import {
  AuthPatterns,
  CaptchaConfig,
  CaptchaConfigSchema,
  ChangeRoleRpc,
  ForgotPasswordRpc,
  GoogleSignInRpc,
  LoginResponse,
  LoginRpc,
  MessageResponse,
  OAuthCode,
  RemoveUserRpc,
  ResetPasswordRpc,
  SessionToken,
  SessionUser,
  SessionUserSchema,
  SetPasswordRpc,
  SignupRpc,
  UpdateUserRpc,
  User,
  UserList,
  UserRemoved,
  UserUpdated,
  VerifyOtpRpc,
} from '@app/contracts';
import { ServiceClient } from '@app/server-core';
import { InjectServiceClients, ServiceClients } from '../clients/service-clients';

/** Typed calls to the auth service (every call has the client's timeout). */
@Injectable()
export class AuthClient {
  private readonly client: ServiceClient;

  constructor(@InjectServiceClients() clients: ServiceClients) {
    this.client = clients.get('auth-service');
  }

  resolveSession(token: string, correlationId: string): Promise<SessionUser> {
    return this.client.send(AuthPatterns.resolveSession, { token }, correlationId, SessionUserSchema);
  }

  captchaConfig(correlationId: string): Promise<CaptchaConfig> {
    return this.client.send(AuthPatterns.captchaConfig, {}, correlationId, CaptchaConfigSchema);
  }

  captchaChallenge(correlationId: string): Promise<unknown> {
    return this.client.send(AuthPatterns.captchaChallenge, {}, correlationId);
  }

  signup(payload: SignupRpc, correlationId: string) {
    return this.client.send<MessageResponse>(AuthPatterns.signup, payload, correlationId);
  }

  login(payload: LoginRpc, correlationId: string) {
    return this.client.send<LoginResponse>(AuthPatterns.login, payload, correlationId);
  }

  logout(sessionId: string, correlationId: string) {
    return this.client.send<{ revoked: boolean }>(AuthPatterns.logout, { sessionId }, correlationId);
  }

  me(userId: string, correlationId: string) {
    return this.client.send<User>(AuthPatterns.me, { userId }, correlationId);
  }

  setPassword(payload: SetPasswordRpc, correlationId: string) {
    return this.client.send<MessageResponse>(AuthPatterns.setPassword, payload, correlationId);
  }

  forgotPassword(payload: ForgotPasswordRpc, correlationId: string) {
    return this.client.send<MessageResponse>(AuthPatterns.forgotPassword, payload, correlationId);
  }

  verifyOtp(payload: VerifyOtpRpc, correlationId: string) {
    return this.client.send<MessageResponse>(AuthPatterns.verifyOtp, payload, correlationId);
  }

  resetPassword(payload: ResetPasswordRpc, correlationId: string) {
    return this.client.send<MessageResponse>(AuthPatterns.resetPassword, payload, correlationId);
  }

  googleSignIn(payload: GoogleSignInRpc, correlationId: string) {
    return this.client.send<OAuthCode>(AuthPatterns.googleSignIn, payload, correlationId);
  }

  exchangeOAuthCode(code: string, correlationId: string) {
    return this.client.send<SessionToken>(AuthPatterns.exchangeOAuthCode, { code }, correlationId);
  }

  listUsers(correlationId: string) {
    return this.client.send<UserList>(AuthPatterns.listUsers, {}, correlationId);
  }

  updateUser(payload: UpdateUserRpc, correlationId: string) {
    return this.client.send<UserUpdated>(AuthPatterns.updateUser, payload, correlationId);
  }

  changeRole(payload: ChangeRoleRpc, correlationId: string) {
    return this.client.send<UserUpdated>(AuthPatterns.changeRole, payload, correlationId);
  }

  removeUser(payload: RemoveUserRpc, correlationId: string) {
    return this.client.send<UserRemoved>(AuthPatterns.removeUser, payload, correlationId);
  }
}
