import { DEFAULT_CAPTION_STYLE } from '@app/contracts';
import type { CaptionStyle, Profile, SessionProfile } from '@app/contracts';
import type { StoredProfile } from './household';

/** A profile stored before issue 26 has no caption style: the default one. */
const captionStyleOf = (profile: StoredProfile): CaptionStyle => ({
  size: profile.captionSize ?? DEFAULT_CAPTION_STYLE.size,
  color: profile.captionColor ?? DEFAULT_CAPTION_STYLE.color,
  background: profile.captionBackground ?? DEFAULT_CAPTION_STYLE.background,
});

/** The stored fields of a caption style. */
export const captionFields = ({ size, color, background }: CaptionStyle) => ({
  captionSize: size,
  captionColor: color,
  captionBackground: background,
});

export const toProfile = (profile: StoredProfile): Profile => ({
  id: profile._id.toHexString(),
  name: profile.name,
  avatar: profile.avatar,
  kind: profile.kind,
  maturityCeiling: profile.maturityCeiling,
  uiLanguage: profile.uiLanguage,
  audioLanguage: profile.audioLanguage,
  subtitleLanguage: profile.subtitleLanguage ?? null,
  playback: {
    autoplayNext: profile.autoplayNext,
    askBeforeNext: profile.askBeforeNext,
    captions: captionStyleOf(profile),
  },
  locked: Boolean(profile.pinHash),
});

export const toSessionProfile = (profile: StoredProfile): SessionProfile => ({
  id: profile._id.toHexString(),
  kind: profile.kind,
  maturityCeiling: profile.maturityCeiling,
  name: profile.name,
});
