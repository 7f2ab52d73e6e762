import { z } from 'zod';

// Apart from streaming.ts so QoE samples (which events.ts reads, and streaming.ts imports events.ts) can name them.

/** The renditions of the HLS ladder, best first (DECISIONS 26 caps pick from these). */
export const Renditions = ['1080p', '720p', '480p'] as const;
export type Rendition = (typeof Renditions)[number];
export const RenditionSchema = z.enum(Renditions);
