import type { Quality, Rendition } from '@app/contracts';
import { Renditions, withinCap } from '@app/contracts';

export { withinCap };

/** The renditions a viewer with `cap` may stream of those the asset has, best first. */
export const allowedRenditions = (cap: Quality, present: readonly Rendition[]): Rendition[] =>
  Renditions.filter((rendition) => present.includes(rendition) && withinCap(rendition, cap));

export const isRendition = (value: string): value is Rendition =>
  (Renditions as readonly string[]).includes(value);
