import {
  type CaptionStyle,
  CLASSIFICATION_ORDER,
  type Classification,
  type CreateProfileRequestSchema,
  DEFAULT_CAPTION_STYLE,
  isKidsCeiling,
  KIDS_CEILINGS,
  PROFILE_AVATARS,
  PROFILE_NAME_MAX_LENGTH,
  type Profile,
  type ProfileAvatar,
  ProfileKind,
  type UpdateProfileRequest,
} from '@app/contracts';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { isPin } from '@web/shared/ui/PinField';

/** What the form sends to add a profile (the server fills languages and playback with their defaults). */
export type CreateProfileBody = z.input<typeof CreateProfileRequestSchema>;

/** Add: no lock or a new one. Edit of a locked profile: keep its PIN, set a new one, or remove the lock. */
export type LockChoice = 'none' | 'set' | 'keep' | 'remove';

export type ProfileForm = {
  name: string;
  avatar: ProfileAvatar;
  kind: ProfileKind;
  maturityCeiling: Classification;
  lock: LockChoice;
  pin: string;
  /** Issue 26: how subtitles look for the profile (a new one starts with the default; the form offers it on edit). */
  captions: CaptionStyle;
};

export type ProfileFormErrors = Partial<Record<'name' | 'pin', string>>;

export const newProfileForm = (taken: readonly Profile[]): ProfileForm => ({
  name: '',
  // The first avatar nobody in the account has yet.
  avatar: PROFILE_AVATARS.find((avatar) => !taken.some((profile) => profile.avatar === avatar)) ?? 'sunrise',
  kind: ProfileKind.Standard,
  maturityCeiling: 'A',
  lock: 'none',
  pin: '',
  captions: DEFAULT_CAPTION_STYLE,
});

export const editProfileForm = (profile: Profile): ProfileForm => ({
  name: profile.name,
  avatar: profile.avatar,
  kind: profile.kind,
  maturityCeiling: profile.maturityCeiling,
  lock: profile.locked ? 'keep' : 'none',
  pin: '',
  captions: profile.playback.captions,
});

/** The ratings the form offers: a kids profile's ceiling is U or U/A 7+ (DECISIONS 37). */
export const ceilingsFor = (kind: ProfileKind): readonly Classification[] =>
  kind === ProfileKind.Kids ? KIDS_CEILINGS : CLASSIFICATION_ORDER;

/** Changing the kind keeps the rating when it still fits, else the highest the kind allows. */
export const withKind = (form: ProfileForm, kind: ProfileKind): ProfileForm => ({
  ...form,
  kind,
  maturityCeiling:
    kind === ProfileKind.Kids && !isKidsCeiling(form.maturityCeiling) ? 'UA7' : form.maturityCeiling,
});

/** A profile lock: ProfilePinSchema's rule. */

/** The checks the server makes too, so a slip is named beside its field before anything is sent. */
export const checkProfileForm = (form: ProfileForm, t: TFunction<'profiles'>): ProfileFormErrors => {
  const errors: ProfileFormErrors = {};
  const name = form.name.trim();
  if (!name) errors.name = t('form.nameRequired');
  else if (name.length > PROFILE_NAME_MAX_LENGTH)
    errors.name = t('form.nameTooLong', { max: PROFILE_NAME_MAX_LENGTH });
  if (form.lock === 'set' && !isPin(form.pin)) errors.pin = t('form.pinInvalid');
  return errors;
};

export const toCreateBody = (form: ProfileForm): CreateProfileBody => ({
  name: form.name.trim(),
  avatar: form.avatar,
  kind: form.kind,
  maturityCeiling: form.maturityCeiling,
  ...(form.lock === 'set' ? { pin: form.pin } : {}),
});

export const toUpdateBody = (form: ProfileForm): UpdateProfileRequest => ({
  name: form.name.trim(),
  avatar: form.avatar,
  kind: form.kind,
  maturityCeiling: form.maturityCeiling,
  playback: { captions: form.captions },
  ...(form.lock === 'set' ? { pin: form.pin } : form.lock === 'remove' ? { pin: null } : {}),
});
