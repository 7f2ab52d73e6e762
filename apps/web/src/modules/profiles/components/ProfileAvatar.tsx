import type { ProfileAvatar as AvatarId } from '@app/contracts';
import { type ReactNode, useId } from 'react';
import { AVATAR_ART, type AvatarArt } from '../avatar-art';
import styles from './ProfileAvatar.module.css';

/** Each avatar's motif on a 64 × 64 canvas. */
const MOTIFS: Record<AvatarId, (art: AvatarArt) => ReactNode> = {
  sunrise: ({ accent, ink }) => (
    <>
      <circle cx="32" cy="40" r="16" fill={accent} />
      <path d="M0 40h64v24H0z" fill={ink} opacity="0.85" />
      <path d="M8 48h48M16 55h32" stroke={accent} strokeWidth="3" strokeLinecap="round" />
    </>
  ),
  ocean: ({ accent, ink }) => (
    <>
      <circle cx="46" cy="16" r="6" fill={ink} opacity="0.9" />
      {[30, 40, 50].map((y, index) => (
        <path
          key={y}
          d={`M-4 ${y}q9 -8 18 0t18 0t18 0t18 0`}
          fill="none"
          stroke={accent}
          strokeWidth="4"
          strokeLinecap="round"
          opacity={1 - index * 0.25}
        />
      ))}
    </>
  ),
  forest: ({ accent, ink }) => (
    <>
      <path d="M6 54L20 22l14 32z" fill={accent} />
      <path d="M26 54l14-38 16 38z" fill={ink} />
      <path d="M0 54h64v10H0z" fill={accent} opacity="0.5" />
    </>
  ),
  tiger: ({ bg, accent }) => (
    <>
      <circle cx="32" cy="34" r="20" fill={accent} />
      <path d="M16 22l-4-10 12 6M48 22l4-10-12 6" fill={accent} />
      <path
        d="M32 14v8M22 24l5 5M42 24l-5 5M14 36h7M43 36h7"
        stroke={bg}
        strokeWidth="3"
        strokeLinecap="round"
      />
      <circle cx="25" cy="34" r="2.5" fill={bg} />
      <circle cx="39" cy="34" r="2.5" fill={bg} />
      <path d="M29 42l3 3 3-3" fill="none" stroke={bg} strokeWidth="2.5" strokeLinecap="round" />
    </>
  ),
  peacock: ({ accent, ink }) => (
    <>
      {[-50, -25, 0, 25, 50].map((angle) => (
        <g key={angle} transform={`rotate(${angle} 32 58)`}>
          <path d="M32 58V18" stroke={ink} strokeWidth="2" opacity="0.7" />
          <ellipse cx="32" cy="16" rx="6" ry="8" fill={accent} />
          <circle cx="32" cy="16" r="3" fill={ink} />
        </g>
      ))}
    </>
  ),
  lotus: ({ accent, ink }) => (
    <>
      <path d="M32 14c8 10 8 22 0 34c-8-12-8-24 0-34z" fill={accent} />
      <path d="M12 26c12 2 18 12 20 22c-12-2-20-10-20-22z" fill={accent} opacity="0.75" />
      <path d="M52 26c-12 2-18 12-20 22c12-2 20-10 20-22z" fill={accent} opacity="0.75" />
      <path d="M14 52h36" stroke={ink} strokeWidth="3" strokeLinecap="round" />
    </>
  ),
  kite: ({ accent, ink }) => (
    <>
      <path d="M34 6l16 18-16 22-16-22z" fill={accent} />
      <path d="M34 6v40M18 24h32" stroke={ink} strokeWidth="1.5" opacity="0.8" />
      <path
        d="M34 46c-4 6 4 8 0 12s-6 4-8 8"
        fill="none"
        stroke={ink}
        strokeWidth="2"
        strokeLinecap="round"
      />
    </>
  ),
  comet: ({ accent, ink }) => (
    <>
      <path d="M8 8l30 22-6 6z" fill={accent} opacity="0.35" />
      <path d="M4 18l34 12-4 8z" fill={accent} opacity="0.2" />
      <circle cx="40" cy="36" r="10" fill={accent} />
      <circle cx="14" cy="50" r="1.5" fill={ink} />
      <circle cx="54" cy="12" r="1.5" fill={ink} />
      <circle cx="52" cy="54" r="1" fill={ink} />
    </>
  ),
};

type ProfileAvatarProps = {
  avatar: AvatarId;
  /** Named when the picture stands alone (a choice in a form); left out beside the profile's name. */
  label?: string;
  className?: string;
};

/** A built-in avatar as a small SVG in the look of the generated posters; square, it takes its box's size. */
export const ProfileAvatar = ({ avatar, label, className }: ProfileAvatarProps) => {
  const gradient = useId();
  const art = AVATAR_ART[avatar];
  return (
    <svg
      viewBox="0 0 64 64"
      className={className ? `${styles.avatar} ${className}` : styles.avatar}
      data-avatar={avatar}
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
      focusable="false"
    >
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="0.4" y2="1">
          <stop offset="0" stopColor={art.bg} />
          <stop offset="1" stopColor={art.bg2} />
        </linearGradient>
      </defs>
      <rect width="64" height="64" fill={`url(#${gradient})`} />
      {MOTIFS[avatar](art)}
    </svg>
  );
};
