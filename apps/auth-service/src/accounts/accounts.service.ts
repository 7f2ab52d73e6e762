import {
  AccountExport,
  AuthMessages,
  DeleteOwnAccountRpc,
  ErrorCode,
  ExchangeOAuthCodeRpc,
  FRESH_SIGN_IN_MINUTES,
  GoogleSignInRpc,
  LoginResponse,
  LoginRpc,
  MessageResponse,
  OAuthCode,
  Role,
  SessionToken,
  SetPasswordRpc,
  SignupRpc,
  User,
  UserDataMessages,
} from '@app/contracts';
import { AppError, describeDevice, Outbox } from '@app/server-core';
import { Injectable, Logger } from '@nestjs/common';
import { Types } from 'mongoose';
import { CaptchaProvider } from '../captcha/captcha.provider';
import { DevicesService } from '../devices/devices.service';
import { NewDeviceMail } from '../devices/new-device-mail';
import { EmailVerificationService } from '../email-verification/email-verification.service';
import { PasswordHasher } from '../passwords/password-hasher';
import { clientKey } from '../rate-limit/client-key';
import {
  AddressLimits,
  Delays,
  EmailLimitKeys,
  Limits,
  RateLimiter,
  SESSION_CLIENT,
} from '../rate-limit/rate-limiter';
import { assertActive, SessionsService } from '../sessions/sessions.service';
import { toAccountExport, toUser } from '../users/user.mapper';
import { NewUser, StoredUser, UsersRepository } from '../users/users.repository';
import { UsersService } from '../users/users.service';

/** Hashing a throwaway password for unknown emails keeps "no such user" and "wrong password" equally slow. */
const TIMING_DUMMY_PASSWORD = 'timing-equaliser-password';

/** The session was signed in (its token issued) within FRESH_SIGN_IN_MINUTES of `now`. */
export const signedInRecently = (sessionIssuedAt: string, now: Date): boolean =>
  now.getTime() - Date.parse(sessionIssuedAt) <= FRESH_SIGN_IN_MINUTES * 60_000;

@Injectable()
export class AccountsService {
  private readonly logger = new Logger(AccountsService.name);
  private dummyHash?: Promise<string>;

  constructor(
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionsService,
    private readonly captcha: CaptchaProvider,
    private readonly limiter: RateLimiter,
    private readonly outbox: Outbox,
    private readonly usersService: UsersService,
    private readonly verification: EmailVerificationService,
    private readonly devices: DevicesService,
    private readonly newDeviceMail: NewDeviceMail,
  ) {}

  async signup({ username, email, password, language, clientIp }: SignupRpc): Promise<MessageResponse> {
    await this.limiter.consumeForAddress('signup', clientKey(clientIp), AddressLimits.signup);
    await this.limiter.consume(EmailLimitKeys.signup(email), Limits.signupPerEmail);
    if (await this.users.findByEmail(email)) throw this.emailTaken();
    const passwordHash = await this.hasher.hash(password);
    const user = await this.register({ username, email, passwordHash, role: Role.User, language });
    if (!user) throw this.emailTaken();
    // DECISIONS 33: the address is not proved until its owner opens the link.
    this.verification.mailLinkLater(user);
    return { message: AuthMessages.registered };
  }

  /**
   * Order: limits, captcha, credentials, account status, role (admin login). The attempt is taken before anything
   * is checked, per (email, client) with growing delays (DECISIONS 30): a flood slows its own sender down, never
   * the owner signing in from elsewhere.
   */
  async login({
    email,
    password,
    recaptchaToken,
    clientIp,
    adminOnly,
    userAgent,
  }: LoginRpc): Promise<LoginResponse> {
    const client = clientKey(clientIp);
    await this.limiter.consumeForAddress('login', client, AddressLimits.login);
    const attempts = EmailLimitKeys.signInAttempts(email);
    await this.limiter.takeAttempt(attempts, client, Delays.signIn);
    if (!recaptchaToken || !(await this.captcha.verify(recaptchaToken, clientIp))) {
      throw new AppError(ErrorCode.Forbidden, AuthMessages.captchaFailed);
    }
    const user = await this.users.findByEmail(email);
    const matches = user?.passwordHash
      ? await this.hasher.verify(user.passwordHash, password)
      : await this.hasher.verify(await this.timingHash(), password).then(() => false);
    if (!user || !matches) throw new AppError(ErrorCode.Unauthorized, AuthMessages.invalidCredentials);
    await this.limiter.clearAttempts(attempts, client);
    assertActive(user);
    if (adminOnly && user.role !== Role.Admin)
      throw new AppError(ErrorCode.Forbidden, AuthMessages.adminRequired);
    return {
      message: AuthMessages.loggedIn,
      token: await this.signIn(user, userAgent, clientIp),
      user: toUser(user),
    };
  }

  async me(userId: string): Promise<User> {
    return toUser(await this.findOrFail(userId));
  }

  /**
   * After Google sign-in: a first password only; changing one goes through the OTP reset (which ends every
   * session). `signOutOthers` signs out every device but the caller's with it (issue 27).
   */
  async setPassword({
    userId,
    newPassword,
    signOutOthers,
    deviceId,
  }: SetPasswordRpc): Promise<MessageResponse> {
    const user = await this.findOrFail(userId);
    if (user.passwordHash) throw new AppError(ErrorCode.Conflict, AuthMessages.passwordAlreadySet);
    const updated = await this.users.setFirstPassword(userId, await this.hasher.hash(newPassword));
    if (!updated) throw new AppError(ErrorCode.Conflict, AuthMessages.passwordAlreadySet);
    if (signOutOthers) await this.devices.signOutOthers({ userId, keepDeviceId: deviceId });
    return { message: AuthMessages.passwordSet };
  }

  /**
   * Creates or links the account by Google's verified email and hands out a one-time code (DECISIONS 18), bound
   * to the browser whose cookie holds the nonce behind `browserBindingHash`.
   */
  async googleSignIn({
    googleId,
    email,
    emailVerified,
    displayName,
    picture,
    browserBindingHash,
  }: GoogleSignInRpc): Promise<OAuthCode> {
    if (!emailVerified) throw new AppError(ErrorCode.Forbidden, AuthMessages.googleEmailUnverified);
    let user = (await this.users.findByGoogleId(googleId)) ?? (await this.users.findByEmail(email));
    if (user && user.googleId !== googleId) user = await this.linkGoogle(user, googleId, picture);
    else if (user && !user.emailVerified && user.email === email)
      // Linked before verification existed: Google has just proved the address.
      user = (await this.users.markEmailVerified(user._id.toHexString(), email)) ?? user;
    if (!user) user = await this.createGoogleUser({ googleId, email, displayName, picture });
    assertActive(user);
    return { code: await this.sessions.issueOAuthCode(user, browserBindingHash) };
  }

  async exchangeOAuthCode({
    code,
    browserBinding,
    clientIp,
    userAgent,
  }: ExchangeOAuthCodeRpc): Promise<SessionToken> {
    const user = await this.sessions.redeemOAuthCode(code, browserBinding);
    return { token: await this.signIn(user, userAgent, clientIp), user: toUser(user) };
  }

  /**
   * The viewer deletes their own account (DECISIONS 32), through the one removal path. A password account confirms
   * with its password (wrong tries are delayed like login's); an account without one (Google
   * only) needs a session signed in within FRESH_SIGN_IN_MINUTES. 403 rather than login's 401: the session is
   * fine, and a 401 would end it in the web app.
   */
  async deleteOwnAccount({
    userId,
    password,
    sessionIssuedAt,
  }: DeleteOwnAccountRpc): Promise<{ removed: true }> {
    const user = await this.findOrFail(userId);
    if (user.passwordHash) {
      // Guesses here are sign-in guesses too: the same growing delays, for the one client a session is.
      const attempts = EmailLimitKeys.signInAttempts(user.email);
      await this.limiter.takeAttempt(attempts, SESSION_CLIENT, Delays.signIn);
      if (!password || !(await this.hasher.verify(user.passwordHash, password)))
        throw new AppError(ErrorCode.Forbidden, UserDataMessages.wrongPassword);
    } else if (!signedInRecently(sessionIssuedAt, new Date())) {
      throw new AppError(ErrorCode.Forbidden, UserDataMessages.signInAgain);
    }
    await this.usersService.erase(user);
    return { removed: true };
  }

  /** "Download my data": what this service holds of the account, without secrets. */
  async exportAccount(userId: string): Promise<AccountExport> {
    return toAccountExport(await this.findOrFail(userId));
  }

  /**
   * DECISIONS 33: Google proved who owns the email. An account that never proved it is handed over (its password
   * cleared, every session ended: whoever registered the address first keeps nothing); a verified one keeps its
   * password and sessions.
   */
  private async linkGoogle(user: StoredUser, googleId: string, picture: string | null) {
    const id = user._id.toHexString();
    const claimed = await this.outbox.announce(
      { type: 'session.revoked', payload: { userId: id, sessionId: null } },
      () => this.users.claimUnverifiedForGoogle(id, googleId),
      (taken) => taken !== null,
    );
    if (claimed) this.logger.warn({ msg: 'Google sign-in took over an unverified account', userId: id });
    return this.users.linkGoogle(id, googleId, picture);
  }

  private async createGoogleUser({
    googleId,
    email,
    displayName,
    picture,
  }: Pick<GoogleSignInRpc, 'googleId' | 'email' | 'displayName' | 'picture'>): Promise<StoredUser> {
    const username = (displayName ?? email.split('@')[0]).trim().slice(0, 40).padEnd(2, '_');
    const user = await this.register({
      username,
      email,
      passwordHash: null,
      role: Role.User,
      googleId,
      profileImage: picture,
      // Google verified the address.
      emailVerified: true,
    });
    if (user) return user;
    // Another request created the account in the meantime (this Google sign-in's twin, or a sign-up).
    const existing = (await this.users.findByGoogleId(googleId)) ?? (await this.users.findByEmail(email));
    if (!existing) throw new AppError(ErrorCode.Conflict, AuthMessages.emailTaken);
    if (existing.googleId === googleId) return existing;
    const linked = await this.linkGoogle(existing, googleId, picture);
    if (!linked) throw new AppError(ErrorCode.Conflict, AuthMessages.emailTaken);
    return linked;
  }

  /** Creates the user and announces `user.registered`; null when the email (or Google account) is taken. */
  private register(user: NewUser): Promise<StoredUser | null> {
    // Its id is chosen first: the event, stored before the user, names it.
    const id = new Types.ObjectId();
    return this.outbox.announce(
      {
        type: 'user.registered',
        payload: { userId: id.toHexString(), username: user.username, email: user.email },
      },
      () => this.users.create({ ...user, _id: id }),
      (created) => created !== null,
    );
  }

  /** A sign-in's session, on a new device (issue 27); a device the account has not used before is mailed after. */
  private async signIn(user: StoredUser, userAgent: string | undefined, clientIp: string | undefined) {
    const device = describeDevice(userAgent);
    const token = await this.sessions.issue(user, undefined, { signIn: device });
    this.newDeviceMail.noteLater({ user, device, clientIp, at: new Date() });
    return token;
  }

  private async findOrFail(userId: string): Promise<StoredUser> {
    const user = await this.users.findById(userId);
    if (!user) throw AppError.notFound(AuthMessages.userNotFound);
    return user;
  }

  private timingHash() {
    this.dummyHash ??= this.hasher.hash(TIMING_DUMMY_PASSWORD);
    return this.dummyHash;
  }

  private emailTaken() {
    return new AppError(ErrorCode.Conflict, AuthMessages.emailTaken);
  }
}
