import { z } from 'zod';

// Apart from streaming.ts so QoE samples (which events.ts reads, and streaming.ts imports events.ts) can name them.

/** The renditions of the HLS ladder, best first (DECISIONS 26 caps pick from these). */
export const Renditions = ['1080p', '720p', '480p'] as const;
export type Rendition = (typeof Renditions)[number];
export const RenditionSchema = z.enum(Renditions);

const RENDITION_HEIGHT: Record<Rendition, number> = { '1080p': 1080, '720p': 720, '480p': 480 };
/** A plan's quality cap (payments.ts `Quality`) as the tallest picture it allows; `best` allows every one. */
const CAP_HEIGHT: Record<'480p' | '720p' | '1080p' | 'best', number> = {
  '480p': 480,
  '720p': 720,
  '1080p': 1080,
  best: Number.POSITIVE_INFINITY,
};

/**
 * DECISIONS 26: a cap allows every rendition at or below it; `best` allows all. Here (not in streaming-service) because
 * the byte server in front applies the same rule to the links it checks alone (local-infra's nginx map).
 */
export const withinCap = (rendition: Rendition, cap: keyof typeof CAP_HEIGHT): boolean =>
  RENDITION_HEIGHT[rendition] <= CAP_HEIGHT[cap];
