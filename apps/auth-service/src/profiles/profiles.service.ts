import { Injectable } from '@nestjs/common';
import { Types } from 'mongoose';
import {
  AuthMessages,
  Classification,
  compareClassification,
  ErrorCode,
  isKidsCeiling,
  PROFILE_LIMIT,
  ProfileKind,
  ProfileMessages,
} from '@app/contracts';
import type {
  CreateProfileRpc,
  DeleteProfileRpc,
  ListProfilesRpc,
  Profile,
  ProfileList,
  ProfileSession,
  SelectProfileRpc,
  UpdateProfileRpc,
} from '@app/contracts';
import { AppError, Outbox } from '@app/server-core';
import type { Announcement } from '@app/server-core';
import { PasswordHasher } from '../passwords/password-hasher';
import { Delays, RateLimiter, SESSION_CLIENT } from '../rate-limit/rate-limiter';
import { SessionsService } from '../sessions/sessions.service';
import type { StoredUser } from '../users/users.repository';
import { defaultProfileOf, nameKeyOf, type StoredProfile } from './household';
import { captionFields, toProfile } from './profile.mapper';
import { ProfilesRepository } from './profiles.repository';

/** Tries of one change against concurrent ones (each re-reads and re-checks) before answering 409. */
const CHANGE_ATTEMPTS = 3;

/** The wrong-PIN counter of one profile (Redis, RateLimiter's growing delays). */
export const profilePinKey = (profileId: string) => `profile-pin:${profileId}`;

type Household = { account: StoredUser; version: number; profiles: StoredProfile[] };
/** One change to a household: the profiles after it, and what the request answers. */
type Change<R> = (household: Household) => { profiles: StoredProfile[]; result: R };

const conflict = (message: string) => new AppError(ErrorCode.Conflict, message);
const forbidden = (message: string) => new AppError(ErrorCode.Forbidden, message);
const notFound = () => AppError.notFound(ProfileMessages.notFound);

/**
 * DECISIONS 36: an account's profiles. Every rule is checked on the profiles as read and written with one write
 * conditional on their version, so nothing stored changes on any refusal, and two requests racing each other cannot
 * both pass a rule only one of them may (a sixth profile, one name twice, deleting the last one).
 */
@Injectable()
export class ProfilesService {
  constructor(
    private readonly repository: ProfilesRepository,
    private readonly hasher: PasswordHasher,
    private readonly limiter: RateLimiter,
    private readonly sessions: SessionsService,
    private readonly outbox: Outbox,
  ) {}

  async list({ accountId, actingProfileId }: ListProfilesRpc): Promise<ProfileList> {
    const { profiles } = await this.household(accountId);
    return { profiles: profiles.map(toProfile), currentProfileId: actingProfileId };
  }

  async create({ accountId, actingProfileId, profile }: CreateProfileRpc): Promise<Profile> {
    const pinHash = profile.pin === undefined ? null : await this.hasher.hash(profile.pin);
    return this.change(accountId, ({ profiles }) => {
      if (actingAs(profiles, actingProfileId).kind === ProfileKind.Kids)
        throw forbidden(ProfileMessages.kidsCannotManage);
      if (profiles.length >= PROFILE_LIMIT) throw conflict(ProfileMessages.limitReached);
      const nameKey = nameKeyOf(profile.name);
      if (profiles.some((other) => other.nameKey === nameKey)) throw conflict(ProfileMessages.nameTaken);
      const created: StoredProfile = {
        _id: new Types.ObjectId(),
        name: profile.name,
        nameKey,
        avatar: profile.avatar,
        kind: profile.kind,
        maturityCeiling:
          profile.maturityCeiling ??
          (profile.kind === ProfileKind.Kids ? Classification.UA7 : Classification.A),
        uiLanguage: profile.uiLanguage,
        audioLanguage: profile.audioLanguage,
        subtitleLanguage: profile.subtitleLanguage,
        autoplayNext: profile.playback.autoplayNext,
        askBeforeNext: profile.playback.askBeforeNext,
        ...captionFields(profile.playback.captions),
        pinHash,
        createdAt: new Date(),
      };
      return { profiles: [...profiles, created], result: toProfile(created) };
    });
  }

  /**
   * A kids session changes only its own preferences (avatar, languages, playback and caption style) and may lower
   * its ceiling; its name, kind, lock and any higher ceiling are the parent's to set (403).
   */
  async update({ accountId, actingProfileId, profileId, changes }: UpdateProfileRpc): Promise<Profile> {
    const pinHash =
      changes.pin === undefined ? undefined : changes.pin && (await this.hasher.hash(changes.pin));
    return this.change(accountId, ({ profiles }) => {
      const acting = actingAs(profiles, actingProfileId);
      const target = profiles.find(({ _id }) => _id.toHexString() === profileId);
      if (!target) throw notFound();
      if (acting.kind === ProfileKind.Kids) {
        const raises =
          changes.maturityCeiling !== undefined &&
          compareClassification(changes.maturityCeiling, target.maturityCeiling) > 0;
        const guarded = [changes.name, changes.kind, changes.pin].some((value) => value !== undefined);
        if (target !== acting || raises || guarded) throw forbidden(ProfileMessages.kidsCannotManage);
      }
      const kind = changes.kind ?? target.kind;
      const maturityCeiling =
        changes.maturityCeiling ??
        // Made a kids profile without a ceiling named: the highest a kids profile may have, if it was above it.
        (kind === ProfileKind.Kids && !isKidsCeiling(target.maturityCeiling)
          ? Classification.UA7
          : target.maturityCeiling);
      if (kind === ProfileKind.Kids && !isKidsCeiling(maturityCeiling))
        throw new AppError(ErrorCode.ValidationFailed, ProfileMessages.kidsCeiling);
      const nameKey = changes.name === undefined ? target.nameKey : nameKeyOf(changes.name);
      if (profiles.some((other) => other !== target && other.nameKey === nameKey))
        throw conflict(ProfileMessages.nameTaken);
      const changed: StoredProfile = {
        ...target,
        name: changes.name ?? target.name,
        nameKey,
        avatar: changes.avatar ?? target.avatar,
        kind,
        maturityCeiling,
        uiLanguage: changes.uiLanguage ?? target.uiLanguage,
        audioLanguage: changes.audioLanguage ?? target.audioLanguage,
        subtitleLanguage:
          changes.subtitleLanguage === undefined ? target.subtitleLanguage : changes.subtitleLanguage,
        autoplayNext: changes.playback?.autoplayNext ?? target.autoplayNext,
        askBeforeNext: changes.playback?.askBeforeNext ?? target.askBeforeNext,
        ...(changes.playback?.captions ? captionFields(changes.playback.captions) : {}),
        pinHash: pinHash === undefined ? target.pinHash : pinHash,
      };
      return {
        profiles: profiles.map((profile) => (profile === target ? changed : profile)),
        result: toProfile(changed),
      };
    });
  }

  /** Other services erase the profile's data on `profile.deleted`; sessions acting as it end (resolve refuses them). */
  async remove({ accountId, actingProfileId, profileId }: DeleteProfileRpc): Promise<{ removed: true }> {
    await this.change(
      accountId,
      ({ profiles }) => {
        if (actingAs(profiles, actingProfileId).kind === ProfileKind.Kids)
          throw forbidden(ProfileMessages.kidsCannotManage);
        if (!profiles.some(({ _id }) => _id.toHexString() === profileId)) throw notFound();
        if (profiles.length === 1) throw conflict(ProfileMessages.lastProfile);
        return {
          profiles: profiles.filter(({ _id }) => _id.toHexString() !== profileId),
          result: { removed: true } as const,
        };
      },
      { type: 'profile.deleted', payload: { userId: accountId, profileId } },
    );
    return { removed: true };
  }

  /** A session acting as the profile; a locked one needs its PIN (5 tries, then growing waits: 429). */
  async select({ accountId, profileId, pin, deviceId }: SelectProfileRpc): Promise<ProfileSession> {
    const { account, profiles } = await this.household(accountId);
    const profile = profiles.find(({ _id }) => _id.toHexString() === profileId);
    if (!profile) throw notFound();
    if (profile.pinHash) {
      if (pin === undefined) throw forbidden(ProfileMessages.pinRequired);
      // Only a holder of one of the account's sessions gets here: the session is the client.
      const key = profilePinKey(profileId);
      const attempts = await this.limiter.takeAttempt(key, SESSION_CLIENT, Delays.profilePin);
      if (!(await this.hasher.verify(profile.pinHash, pin)))
        throw forbidden(ProfileMessages.wrongPin(Math.max(0, Delays.profilePin.freeAttempts - attempts)));
      await this.limiter.clearAttempts(key, SESSION_CLIENT);
    }
    // Issue 27: the new session joins the caller's device (a switch adds no device, and its sign-out ends both).
    const origin = deviceId === undefined ? undefined : { deviceId };
    return { token: await this.sessions.issue(account, profileId, origin), profile: toProfile(profile) };
  }

  /** The account's profiles as stored, storing its default profile first when it has none yet (the migration). */
  private async household(accountId: string): Promise<Household> {
    let account = await this.repository.findAccount(accountId);
    if (account && account.profiles === undefined) {
      await this.repository.storeDefault(account._id, defaultProfileOf(account));
      account = await this.repository.findAccount(accountId);
    }
    if (!account?.profiles) throw AppError.notFound(AuthMessages.userNotFound);
    return {
      account,
      version: account.profilesVersion ?? 0,
      profiles: account.profiles as StoredProfile[],
    };
  }

  /**
   * Applies `decide` to the profiles as read and stores its outcome only if nobody changed them meanwhile (else
   * reads again and decides again). A refusal throws before anything is written; `announce` leaves through the outbox
   * with the write.
   */
  private async change<R>(
    accountId: string,
    decide: Change<R>,
    announce?: Announcement<boolean>,
  ): Promise<R> {
    for (let attempt = 0; attempt < CHANGE_ATTEMPTS; attempt++) {
      const household = await this.household(accountId);
      const { profiles, result } = decide(household);
      const write = () => this.repository.replace(household.account._id, household.version, profiles);
      const written = announce ? await this.outbox.announce(announce, write, (ok) => ok) : await write();
      if (written) return result;
    }
    throw conflict(ProfileMessages.changedMeanwhile);
  }
}

/** The profile the caller's session acts as; gone means the session is over (resolve refuses it too). */
const actingAs = (profiles: StoredProfile[], actingProfileId: string): StoredProfile => {
  const acting = profiles.find(({ _id }) => _id.toHexString() === actingProfileId);
  if (!acting) throw new AppError(ErrorCode.Unauthorized, AuthMessages.sessionExpired);
  return acting;
};
