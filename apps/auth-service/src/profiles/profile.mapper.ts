import type { Profile, SessionProfile } from '@app/contracts';
import type { StoredProfile } from './household';

export const toProfile = (profile: StoredProfile): Profile => ({
  id: profile._id.toHexString(),
  name: profile.name,
  avatar: profile.avatar,
  kind: profile.kind,
  maturityCeiling: profile.maturityCeiling,
  uiLanguage: profile.uiLanguage,
  audioLanguage: profile.audioLanguage,
  subtitleLanguage: profile.subtitleLanguage ?? null,
  playback: { autoplayNext: profile.autoplayNext, askBeforeNext: profile.askBeforeNext },
  locked: Boolean(profile.pinHash),
});

export const toSessionProfile = (profile: StoredProfile): SessionProfile => ({
  id: profile._id.toHexString(),
  kind: profile.kind,
  maturityCeiling: profile.maturityCeiling,
  name: profile.name,
});
