import { Injectable } from '@nestjs/common';
import { AuthMessages, ErrorCode, ParentalMessages } from '@app/contracts';
import type {
  DeclareAgeRpc,
  ParentalCheckRpc,
  ParentalSettings,
  ParentalSettingsRpc,
  UpdateParentalRpc,
} from '@app/contracts';
import { AppError } from '@app/server-core';
import { PasswordResetService } from '../password-reset/password-reset.service';
import { PasswordHasher } from '../passwords/password-hasher';
import { Delays, EmailLimitKeys, RateLimiter, SESSION_CLIENT } from '../rate-limit/rate-limiter';
import type { StoredUser } from '../users/users.repository';
import { ageOn, isAdult, parentalNeeds, toParentalSettings } from './parental-rules';
import { ParentalSittingsStore } from './parental-sittings.store';
import { ParentalRepository } from './parental.repository';

/** The wrong-PIN counter of an account's parental PIN (Redis, RateLimiter's growing delays). */
export const parentalPinKey = (accountId: string) => `parental-pin:${accountId}`;

const forbidden = (message: string) => new AppError(ErrorCode.Forbidden, message);

/**
 * Issue 25 (DECISIONS 37): the account's parental PIN and its class, and the account holder's age declaration.
 * Every refusal throws before anything is written. `check` is what playback asks before any stream link is issued.
 */
@Injectable()
export class ParentalService {
  constructor(
    private readonly repository: ParentalRepository,
    private readonly hasher: PasswordHasher,
    private readonly limiter: RateLimiter,
    private readonly resets: PasswordResetService,
    private readonly sittings: ParentalSittingsStore,
  ) {}

  async settings({ accountId }: ParentalSettingsRpc): Promise<ParentalSettings> {
    return toParentalSettings(await this.findOrFail(accountId), new Date());
  }

  /** After the account password (or the emailed code): a new PIN also ends any wait its wrong tries started. */
  async update({
    accountId,
    password,
    otp,
    pin,
    pinFrom,
    clientIp,
  }: UpdateParentalRpc): Promise<ParentalSettings> {
    const account = await this.findOrFail(accountId);
    await this.prove(account, { password, otp, clientIp });
    const parentalPinHash = pin === undefined ? undefined : await this.hasher.hash(pin);
    const updated = await this.repository.update(accountId, {
      ...(parentalPinHash === undefined ? {} : { parentalPinHash }),
      ...(pinFrom === undefined ? {} : { parentalPinFrom: pinFrom }),
    });
    if (!updated) throw AppError.notFound(AuthMessages.userNotFound);
    if (pin !== undefined) await this.limiter.clearAttempts(parentalPinKey(accountId), SESSION_CLIENT);
    return toParentalSettings(updated, new Date());
  }

  /** Declared once: a later declaration (another date) changes nothing. Under 18 or in the future: refused, not stored. */
  async declareAge({ accountId, dateOfBirth }: DeclareAgeRpc): Promise<ParentalSettings> {
    const today = new Date();
    if (dateOfBirth > today.toISOString().slice(0, 10) || ageOn(dateOfBirth, today) > 130)
      throw new AppError(ErrorCode.ValidationFailed, ParentalMessages.futureDate);
    if (!isAdult(dateOfBirth, today)) throw forbidden(ParentalMessages.underAge);
    await this.findOrFail(accountId);
    const declared = await this.repository.declareDateOfBirth(accountId, dateOfBirth);
    if (!declared) throw AppError.notFound(AuthMessages.userNotFound);
    return toParentalSettings(declared, today);
  }

  /**
   * May a profile of this kind play a title of this class: an A title needs the declaration first (403
   * AGE_DECLARATION_REQUIRED), then a title the PIN guards needs the right PIN (403 PARENTAL_PIN_REQUIRED, with the
   * tries left when wrong; after 5 wrong ones a growing wait, 429). Nothing is stored but the wrong-try counter.
   */
  async check({
    accountId,
    profileKind,
    classification,
    pin,
    sitting,
  }: ParentalCheckRpc): Promise<{ allowed: true }> {
    const account = await this.findOrFail(accountId);
    const needs = parentalNeeds(account, profileKind, classification, new Date());
    if (needs.ageDeclaration)
      throw new AppError(ErrorCode.AgeDeclarationRequired, ParentalMessages.ageRequired);
    const pinHash = account.parentalPinHash;
    if (needs.pin && pinHash) {
      // Given for this title in this session a little while ago: the next episode plays on.
      if (pin === undefined && sitting && (await this.sittings.holds(accountId, pinHash, sitting)))
        return { allowed: true };
      if (pin === undefined) throw new AppError(ErrorCode.ParentalPinRequired, ParentalMessages.pinRequired);
      // Only a holder of one of the account's sessions gets here: the session is the client.
      const key = parentalPinKey(accountId);
      const attempts = await this.limiter.takeAttempt(key, SESSION_CLIENT, Delays.parentalPin);
      if (!(await this.hasher.verify(pinHash, pin)))
        throw new AppError(
          ErrorCode.ParentalPinRequired,
          ParentalMessages.wrongPin(Math.max(0, Delays.parentalPin.freeAttempts - attempts)),
        );
      await this.limiter.clearAttempts(key, SESSION_CLIENT);
      if (sitting) await this.sittings.open(accountId, pinHash, sitting);
    }
    return { allowed: true };
  }

  /**
   * The account holder re-proves who they are: the password (wrong ones delayed like sign-in's), or, when it is
   * forgotten or there is none, the code the password reset mailed (spent here). 403 rather than 401: the session is
   * fine, and a 401 would end it in the web app.
   */
  private async prove(
    account: StoredUser,
    { password, otp, clientIp }: { password?: string; otp?: string; clientIp: string },
  ): Promise<void> {
    if (password !== undefined) {
      if (!account.passwordHash) throw forbidden(ParentalMessages.noPassword);
      const attempts = EmailLimitKeys.signInAttempts(account.email);
      await this.limiter.takeAttempt(attempts, SESSION_CLIENT, Delays.signIn);
      if (!(await this.hasher.verify(account.passwordHash, password)))
        throw forbidden(ParentalMessages.wrongPassword);
      await this.limiter.clearAttempts(attempts, SESSION_CLIENT);
      return;
    }
    if (otp !== undefined) {
      await this.resets.redeemOtp(account.email, otp, clientIp);
      return;
    }
    throw forbidden(ParentalMessages.proofRequired);
  }

  private async findOrFail(accountId: string): Promise<StoredUser> {
    const account = await this.repository.findAccount(accountId);
    if (!account) throw AppError.notFound(AuthMessages.userNotFound);
    return account;
  }
}
