import { Injectable } from '@nestjs/common';
import {
  AdminAction,
  AdminActionDecided,
  AdminActionDecisionRpc,
  AdminActionList,
  AdminActionPending,
  AdminMessages,
  AuditLogQuery,
  AuthMessages,
  AuthRpc,
  ChangeRoleRpc,
  CreateProfileRequest,
  ErrorCode,
  DeleteOwnAccountRpc,
  ForgotPasswordRpc,
  GoogleSignInRpc,
  ListUsersQuery,
  LoginRpc,
  ProfileRpc,
  SelectProfileRequest,
  UpdateProfileRequest,
  RemoveUserRpc,
  ResetPasswordRpc,
  SetLanguageRequest,
  SetPasswordRequest,
  DeviceRpc,
  ExchangeOAuthCodeRpc,
  SignupRpc,
  UpdateUserRpc,
  UserList,
  UserRemoved,
  UserUpdated,
  VerifyOtpRpc,
} from '@app/contracts';
import type { SessionUser } from '@app/contracts';
import { AppError, ServiceClient } from '@app/server-core';
import { InjectServiceClients, ServiceClients } from '../clients/service-clients';
import { SessionCache } from './session.cache';

const pendingAnswer = (action: AdminAction): AdminActionPending => ({
  success: true,
  action,
  message: AdminMessages.awaitingConfirmation,
});

const ofUser =
  (userId: string) =>
  (user: SessionUser): boolean =>
    user.id === userId;

/**
 * Typed calls to the auth service (every call has the client's timeout, every reply is parsed by its contract).
 * SPEC's `{ success, … }` envelopes of the admin user routes are added here; auth-service answers data alone.
 * Sessions are resolved through the process's SessionCache; every call here that ends or changes sessions drops
 * what this process holds of them once auth-service has applied it, so it takes effect at once through this
 * gateway (other replicas: within SESSION_CACHE_SECONDS).
 */
@Injectable()
export class AuthClient {
  private readonly client: ServiceClient;

  constructor(
    @InjectServiceClients() clients: ServiceClients,
    private readonly sessions: SessionCache,
  ) {
    this.client = clients.get('auth-service');
  }

  /** The caller behind `token`; `fresh` asks auth-service even when this process holds an answer. */
  resolveSession(token: string, options: { fresh?: boolean } = {}): Promise<SessionUser> {
    return this.sessions.resolve(token, () => this.client.send(AuthRpc.resolveSession, { token }), options);
  }

  captchaConfig() {
    return this.client.send(AuthRpc.captchaConfig, {});
  }

  captchaChallenge() {
    return this.client.send(AuthRpc.captchaChallenge, {});
  }

  /**
   * The captcha of forms other than login (the contact form): auth-service holds its keys and remembers spent
   * solutions; a missing, wrong, expired or replayed token is 403 'Captcha verification failed', as at login.
   */
  async verifyCaptcha(token: string | undefined, clientIp: string): Promise<void> {
    if (!token) throw new AppError(ErrorCode.Forbidden, AuthMessages.captchaFailed);
    await this.client.send(AuthRpc.verifyCaptcha, { token, clientIp });
  }

  signup(payload: SignupRpc) {
    return this.client.send(AuthRpc.signup, payload);
  }

  login(payload: LoginRpc) {
    return this.client.send(AuthRpc.login, payload);
  }

  async logout(sessionId: string): Promise<void> {
    await this.client.send(AuthRpc.logout, { sessionId });
    this.sessions.forget((user) => user.sessionId === sessionId);
  }

  me(userId: string) {
    return this.client.send(AuthRpc.me, { userId });
  }

  /** Issue 26: sessions carry the account's language (what payments mail in): held ones are resolved afresh. */
  async setLanguage(caller: SessionUser, { language }: SetLanguageRequest) {
    const user = await this.client.send(AuthRpc.setLanguage, { userId: caller.id, language });
    this.sessions.forget(ofUser(caller.id));
    return user;
  }

  /** `signOutOthers` ends every other device's sessions: this process drops what it holds of them. */
  async setPassword(caller: SessionUser, request: SetPasswordRequest) {
    const keep = deviceOf(caller);
    const answer = await this.client.send(AuthRpc.setPassword, {
      ...request,
      userId: caller.id,
      deviceId: keep,
    });
    if (request.signOutOthers)
      this.sessions.forget((user) => user.id === caller.id && deviceOf(user) !== keep);
    return answer;
  }

  forgotPassword(payload: ForgotPasswordRpc) {
    return this.client.send(AuthRpc.forgotPassword, payload);
  }

  verifyOtp(payload: VerifyOtpRpc) {
    return this.client.send(AuthRpc.verifyOtp, payload);
  }

  /** Ends every session of the account (its token version moves on): known here by its email only. */
  async resetPassword(payload: ResetPasswordRpc) {
    const answer = await this.client.send(AuthRpc.resetPassword, payload);
    const email = payload.email.toLowerCase();
    this.sessions.forget((user) => user.email.toLowerCase() === email);
    return answer;
  }

  googleSignIn(payload: GoogleSignInRpc) {
    return this.client.send(AuthRpc.googleSignIn, payload);
  }

  /** A Google sign-in may take over an unverified account and end its sessions (DECISIONS 33). */
  async exchangeOAuthCode(payload: ExchangeOAuthCodeRpc) {
    const session = await this.client.send(AuthRpc.exchangeOAuthCode, payload);
    this.sessions.forget(ofUser(session.user.id));
    return session;
  }

  verifyEmail(token: string) {
    return this.client.send(AuthRpc.verifyEmail, { token });
  }

  resendVerification(userId: string) {
    return this.client.send(AuthRpc.resendVerification, { userId });
  }

  async listUsers(query: ListUsersQuery): Promise<UserList> {
    return { success: true, ...(await this.client.send(AuthRpc.listUsers, query)) };
  }

  /** DECISIONS 34: a change to another admin answers the pending request instead (the route answers 202). */
  async updateUser(payload: UpdateUserRpc): Promise<UserUpdated | AdminActionPending> {
    const outcome = await this.client.send(AuthRpc.updateUser, payload);
    if (outcome.outcome !== 'pending') this.sessions.forget(ofUser(payload.userId));
    return outcome.outcome === 'pending'
      ? pendingAnswer(outcome.action)
      : { success: true, data: outcome.user, message: AuthMessages.userUpdated };
  }

  async changeRole(payload: ChangeRoleRpc): Promise<UserUpdated | AdminActionPending> {
    const outcome = await this.client.send(AuthRpc.changeRole, payload);
    if (outcome.outcome !== 'pending') this.sessions.forget(ofUser(payload.userId));
    return outcome.outcome === 'pending'
      ? pendingAnswer(outcome.action)
      : { success: true, data: outcome.user };
  }

  async removeUser(payload: RemoveUserRpc): Promise<UserRemoved | AdminActionPending> {
    const outcome = await this.client.send(AuthRpc.removeUser, payload);
    if (outcome.outcome !== 'pending') this.sessions.forget(ofUser(payload.userId));
    return outcome.outcome === 'pending'
      ? pendingAnswer(outcome.action)
      : { success: true, message: AuthMessages.userRemoved };
  }

  async listAdminActions(): Promise<AdminActionList> {
    return { data: await this.client.send(AuthRpc.listAdminActions, {}) };
  }

  async confirmAdminAction(payload: AdminActionDecisionRpc): Promise<AdminActionDecided> {
    const data = await this.client.send(AuthRpc.confirmAdminAction, payload);
    this.sessions.forget(ofUser(data.target.id));
    return { success: true, data, message: AdminMessages.confirmed };
  }

  async cancelAdminAction(payload: AdminActionDecisionRpc): Promise<AdminActionDecided> {
    const data = await this.client.send(AuthRpc.cancelAdminAction, payload);
    return { success: true, data, message: AdminMessages.cancelled };
  }

  auditLog(query: AuditLogQuery) {
    return this.client.send(AuthRpc.auditLog, query);
  }

  async deleteOwnAccount(payload: DeleteOwnAccountRpc): Promise<void> {
    await this.client.send(AuthRpc.deleteOwnAccount, payload);
    this.sessions.forget(ofUser(payload.userId));
  }

  exportAccount(userId: string) {
    return this.client.send(AuthRpc.exportAccount, { userId });
  }

  // ---- Profiles (DECISIONS 36): the account and the acting profile are the session's ----

  /** A session that names no profile yet lists them to choose from (no current one). */
  listProfiles(caller: SessionUser) {
    return this.client.send(ProfileRpc.list, {
      accountId: caller.id,
      actingProfileId: caller.profile?.id ?? null,
    });
  }

  /**
   * The account's sessions that name no profile acted as its only one; with a second one they have to choose (issue
   * 25): every session of the account is resolved afresh.
   */
  async createProfile(caller: SessionUser, profile: CreateProfileRequest) {
    const created = await this.client.send(ProfileRpc.create, { ...acting(caller), profile });
    this.sessions.forget(ofUser(caller.id));
    return created;
  }

  /** Sessions acting as the profile learn its new ceiling and kind on their next request through this process. */
  async updateProfile(caller: SessionUser, profileId: string, changes: UpdateProfileRequest) {
    const profile = await this.client.send(ProfileRpc.update, { ...acting(caller), profileId, changes });
    this.sessions.forget(ofProfile(profileId));
    return profile;
  }

  /** Sessions acting as the profile end with it. */
  async removeProfile(caller: SessionUser, profileId: string): Promise<void> {
    await this.client.send(ProfileRpc.remove, { ...acting(caller), profileId });
    this.sessions.forget(ofProfile(profileId));
  }

  /** The new session joins the caller's device (issue 27). */
  selectProfile(caller: SessionUser, profileId: string, { pin }: SelectProfileRequest) {
    return this.client.send(ProfileRpc.select, {
      accountId: caller.id,
      profileId,
      pin,
      deviceId: deviceOf(caller),
    });
  }

  // ---- Devices (issue 27): the account's owner or an admin (the route's access) ----

  /** The caller's own device is marked current; an admin reading another account has none there. */
  listDevices(caller: SessionUser, userId: string) {
    const currentDeviceId = caller.id === userId ? deviceOf(caller) : undefined;
    return this.client.send(DeviceRpc.list, { userId, currentDeviceId });
  }

  async signOutDevice(userId: string, deviceId: string): Promise<void> {
    const { sessionIds } = await this.client.send(DeviceRpc.signOut, { userId, deviceId });
    this.forgetSessions(userId, sessionIds);
  }

  /** Keeps the caller's device when the account is the caller's; an admin on another account ends every device. */
  async signOutOtherDevices(caller: SessionUser, userId: string): Promise<void> {
    const keepDeviceId = caller.id === userId ? deviceOf(caller) : undefined;
    const { sessionIds } = await this.client.send(DeviceRpc.signOutOthers, { userId, keepDeviceId });
    this.forgetSessions(userId, sessionIds);
  }

  private forgetSessions(userId: string, sessionIds: string[]) {
    const ended = new Set(sessionIds);
    this.sessions.forget((user) => user.id === userId && ended.has(user.sessionId));
  }
}

/** A session's device; a session resolved before devices is its own (auth-service names it by its session id). */
const deviceOf = (user: SessionUser) => user.deviceId ?? user.sessionId;

/**
 * Who manages profiles: the session's account and the profile it acts as (the guard lets only a session acting as one
 * manage them; the account's id is its default profile's for a session resolved before profiles).
 */
const acting = (caller: SessionUser) => ({
  accountId: caller.id,
  actingProfileId: caller.profile?.id ?? caller.id,
});

const ofProfile =
  (profileId: string) =>
  (user: SessionUser): boolean =>
    user.profile?.id === profileId;
