import type { ProfileAvatar } from '@app/contracts';

/**
 * The built-in avatars, drawn like the generated posters (catalogue-service's poster styles): a two-tone ground from
 * one of their palettes and one bold motif in its accent. Artwork, not theme: the colours are the picture's own and
 * stay the same in both themes, as a poster's do.
 */
export type AvatarArt = { bg: string; bg2: string; accent: string; ink: string };

export const AVATAR_ART: Record<ProfileAvatar, AvatarArt> = {
  // warm
  sunrise: { bg: '#ffd23f', bg2: '#ff9f1c', accent: '#e4572e', ink: '#2b1a0e' },
  // noir
  ocean: { bg: '#0d1b1e', bg2: '#1f3b40', accent: '#7fd1b9', ink: '#eef6f4' },
  // quiet
  forest: { bg: '#2f3e46', bg2: '#52656e', accent: '#cad2c5', ink: '#f3f5f1' },
  // bold
  tiger: { bg: '#1a0f0a', bg2: '#3b1d12', accent: '#ffb800', ink: '#fff7e6' },
  // cosmic
  peacock: { bg: '#0b0320', bg2: '#3a0f5c', accent: '#ff4ecd', ink: '#6ee7ff' },
  // warm
  lotus: { bg: '#ffe5ec', bg2: '#fb6f92', accent: '#ff006e', ink: '#33001b' },
  // bold
  kite: { bg: '#0a1a2f', bg2: '#173a63', accent: '#ff3b30', ink: '#ffffff' },
  // cosmic
  comet: { bg: '#05060f', bg2: '#1b1f4a', accent: '#6ee7ff', ink: '#e8f7ff' },
};
