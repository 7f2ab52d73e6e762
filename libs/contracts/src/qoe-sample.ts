import { z } from 'zod';

/** Most samples in one batch; a player sends one every minute or so and on exit. */
export const QOE_MAX_SAMPLES = 20;
const bounded = (name: string, max: number) =>
  z
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(0, `${name} must be 0 or more`)
    .max(max, `${name} must be at most ${max}`);

/** One sampled stretch of playback: what happened since the previous sample of the same playback. */
export const QoeSampleSchema = z
  .object({
    /** Only on the sample that covers the start: from "play" to the first frame shown. */
    timeToFirstFrameMs: bounded('timeToFirstFrameMs', 120_000).nullable(),
    rebufferCount: bounded('rebufferCount', 1_000),
    rebufferMs: bounded('rebufferMs', 3_600_000),
    /** Time spent playing (the rebuffer ratio's other part). */
    playedMs: bounded('playedMs', 3_600_000),
    bitrateSwitches: bounded('bitrateSwitches', 1_000),
    fatalErrors: bounded('fatalErrors', 100),
    rendition: z.string().regex(/^(\d{3,4}p|auto|mp4)$/, 'rendition must look like 720p'),
    browser: z.string().regex(/^[A-Za-z][A-Za-z0-9 .]{0,39}$/, 'browser must be a short name'),
  })
  .strict();
export type QoeSample = z.infer<typeof QoeSampleSchema>;
