import type { Quality, Rendition } from '@app/contracts';
import { Renditions } from '@app/contracts';

const RENDITION_HEIGHT: Record<Rendition, number> = { '1080p': 1080, '720p': 720, '480p': 480 };
const CAP_HEIGHT: Record<Quality, number> = {
  '480p': 480,
  '720p': 720,
  '1080p': 1080,
  best: Number.POSITIVE_INFINITY,
};

/** DECISIONS 26: a cap allows every rendition at or below it; `best` allows all. */
export const withinCap = (rendition: Rendition, cap: Quality): boolean =>
  RENDITION_HEIGHT[rendition] <= CAP_HEIGHT[cap];

/** The renditions a viewer with `cap` may stream of those the asset has, best first. */
export const allowedRenditions = (cap: Quality, present: readonly Rendition[]): Rendition[] =>
  Renditions.filter((rendition) => present.includes(rendition) && withinCap(rendition, cap));

export const isRendition = (value: string): value is Rendition =>
  (Renditions as readonly string[]).includes(value);
