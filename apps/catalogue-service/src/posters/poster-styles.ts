/**
 * The looks a generated poster can take. A genre picks a family (its motifs, type and palettes), the decade an era
 * (how the family is dressed), the title's hash the variant within both.
 */
export type PosterFamily = 'noir' | 'bold' | 'warm' | 'quiet' | 'cosmic' | 'frontier';
export type PosterEra = 'classic' | 'seventies' | 'eighties' | 'modern';

/** Background, second background tone, accent, and the ink the title is set in (contrast checked against `bg`). */
export type Palette = { bg: string; bg2: string; accent: string; ink: string };

export type TypeFace = {
  family: string;
  weight: number;
  /** `condensed` asks the font for its narrow cut (DejaVu Sans Condensed, Arial Narrow, ...). */
  stretch: 'normal' | 'condensed';
  upper: boolean;
  /** Extra space between letters, in em. */
  tracking: number;
  /** A generous estimate of the average glyph width in em, so a line never outgrows the poster. */
  width: number;
};

const SANS = "'Helvetica Neue', Helvetica, Arial, 'DejaVu Sans', sans-serif";
const NARROW =
  "'Oswald', 'Bebas Neue', 'Arial Narrow', 'Roboto Condensed', 'DejaVu Sans Condensed', Impact, sans-serif";
const SERIF = "Georgia, 'Times New Roman', 'DejaVu Serif', serif";
const SLAB = "Rockwell, 'Roboto Slab', 'Courier New', 'DejaVu Serif', serif";
const MONO = "'Courier New', 'DejaVu Sans Mono', monospace";

export const TYPE: Record<PosterFamily, TypeFace> = {
  noir: { family: SERIF, weight: 700, stretch: 'condensed', upper: true, tracking: 0.04, width: 0.8 },
  bold: { family: NARROW, weight: 800, stretch: 'condensed', upper: true, tracking: 0, width: 0.74 },
  warm: { family: SANS, weight: 800, stretch: 'normal', upper: false, tracking: -0.01, width: 0.7 },
  quiet: { family: SERIF, weight: 400, stretch: 'normal', upper: false, tracking: 0, width: 0.6 },
  cosmic: { family: MONO, weight: 700, stretch: 'normal', upper: true, tracking: 0.08, width: 0.64 },
  frontier: { family: SLAB, weight: 700, stretch: 'normal', upper: true, tracking: 0.06, width: 0.8 },
};

/** Before 1970 a title is set in a classic serif, whatever the genre. */
export const CLASSIC_TYPE: TypeFace = {
  family: SERIF,
  weight: 700,
  stretch: 'normal',
  upper: false,
  tracking: 0.01,
  width: 0.66,
};

export const PALETTES: Record<PosterFamily, Palette[]> = {
  // Shadows and one hard light.
  noir: [
    { bg: '#0b0b0d', bg2: '#1d1d22', accent: '#d7263d', ink: '#f4f1ea' },
    { bg: '#0e1116', bg2: '#22303c', accent: '#f2c14e', ink: '#f4f1ea' },
    { bg: '#101010', bg2: '#2b2b2b', accent: '#e8e2d0', ink: '#ffffff' },
    { bg: '#0d1b1e', bg2: '#1f3b40', accent: '#7fd1b9', ink: '#eef6f4' },
  ],
  // Hot, loud, high contrast.
  bold: [
    { bg: '#111318', bg2: '#2a2f3a', accent: '#ff5a1f', ink: '#ffffff' },
    { bg: '#1a0f0a', bg2: '#3b1d12', accent: '#ffb800', ink: '#fff7e6' },
    { bg: '#0a1a2f', bg2: '#173a63', accent: '#ff3b30', ink: '#ffffff' },
    { bg: '#1b1b1b', bg2: '#3d3d3d', accent: '#c6ff00', ink: '#ffffff' },
  ],
  // Warm and light: the title is set in dark ink.
  warm: [
    { bg: '#ffd23f', bg2: '#ff9f1c', accent: '#e4572e', ink: '#2b1a0e' },
    { bg: '#ffcab1', bg2: '#ff8c61', accent: '#c2185b', ink: '#2d0f1f' },
    { bg: '#fef0d5', bg2: '#f7b267', accent: '#f25c54', ink: '#3a1f0b' },
    { bg: '#ffe5ec', bg2: '#fb6f92', accent: '#ff006e', ink: '#33001b' },
  ],
  // Muted, paper and ink.
  quiet: [
    { bg: '#e9e4d8', bg2: '#cfc6b0', accent: '#8c2f39', ink: '#1f1b16' },
    { bg: '#dde5e8', bg2: '#a9bcc4', accent: '#2f4858', ink: '#121c22' },
    { bg: '#2f3e46', bg2: '#52656e', accent: '#cad2c5', ink: '#f3f5f1' },
    { bg: '#3d2c2e', bg2: '#5c4446', accent: '#e0b1a3', ink: '#f7eeea' },
  ],
  // Deep space.
  cosmic: [
    { bg: '#05060f', bg2: '#1b1f4a', accent: '#6ee7ff', ink: '#e8f7ff' },
    { bg: '#0b0320', bg2: '#3a0f5c', accent: '#ff4ecd', ink: '#fdeaff' },
    { bg: '#020b0d', bg2: '#0f3d3e', accent: '#9cff57', ink: '#eaffdf' },
  ],
  // Dust, sun and leather.
  frontier: [
    { bg: '#2a1408', bg2: '#c8553d', accent: '#f6ae2d', ink: '#fff3dc' },
    { bg: '#1e1a14', bg2: '#8a5a2b', accent: '#f2d0a4', ink: '#fff8ec' },
  ],
};

const FAMILY_OF_GENRE: Record<string, PosterFamily> = {
  Thriller: 'noir',
  Horror: 'noir',
  Crime: 'noir',
  Mystery: 'noir',
  Action: 'bold',
  Adventure: 'bold',
  War: 'bold',
  Comedy: 'warm',
  Romance: 'warm',
  Musical: 'warm',
  Music: 'warm',
  Family: 'warm',
  Animation: 'warm',
  Drama: 'quiet',
  Documentary: 'quiet',
  History: 'quiet',
  'Sci-Fi': 'cosmic',
  'Science Fiction': 'cosmic',
  Fantasy: 'cosmic',
  Western: 'frontier',
};

const FAMILIES: PosterFamily[] = ['noir', 'bold', 'warm', 'quiet', 'cosmic', 'frontier'];

/** Science fiction shows as such whatever its main genre; an unknown genre gets a family from the title's hash. */
export const familyOf = (genres: readonly string[], pick: number): PosterFamily => {
  if (genres.some((genre) => FAMILY_OF_GENRE[genre] === 'cosmic')) return 'cosmic';
  const known = genres.map((genre) => FAMILY_OF_GENRE[genre]).find(Boolean);
  return known ?? FAMILIES[pick % FAMILIES.length];
};

export const eraOf = (year: number | null): PosterEra => {
  if (year === null || year >= 1990) return 'modern';
  if (year < 1970) return 'classic';
  return year < 1980 ? 'seventies' : 'eighties';
};
