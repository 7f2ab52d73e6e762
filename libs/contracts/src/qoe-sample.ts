import { z } from 'zod';
import { Renditions } from './rendition';

/** Most samples in one batch; a player sends one every minute or so and on exit. */
export const QOE_MAX_SAMPLES = 20;
const bounded = (name: string, max: number) =>
  z
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(0, `${name} must be 0 or more`)
    .max(max, `${name} must be at most ${max}`);

/**
 * The browser families QoE is broken down by, read by the server from the request's User-Agent (never a field the
 * player sends); every other browser is `Other`.
 */
export const QoeBrowsers = ['Chrome', 'Firefox', 'Safari', 'Edge', 'Samsung Internet', 'Other'] as const;
export type QoeBrowser = (typeof QoeBrowsers)[number];
export const QoeBrowserSchema = z.enum(QoeBrowsers);

/** The QoE breakdown's row for samples without a picture yet (a failure before the first frame). */
export const QOE_NO_RENDITION = 'unknown';
export const QoeRenditionKeySchema = z.enum([...Renditions, QOE_NO_RENDITION]);
export type QoeRenditionKey = z.infer<typeof QoeRenditionKeySchema>;

const renditionMessage = `rendition must be one of ${Renditions.join(', ')} (or null before the first frame)`;
const QoeRenditionSchema = z.enum(Renditions, { error: renditionMessage }).nullable();

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
    /** The ladder rung played longest in the stretch; null when no picture was shown yet. */
    rendition: QoeRenditionSchema,
  })
  .strict();
export type QoeSample = z.infer<typeof QoeSampleSchema>;

/**
 * A sample as `qoe.reported` carries it. Batches announced before the breakdown by rendition and browser named an
 * unknown rendition `auto` or `mp4` and carried the player's own browser name: read as no rendition, name dropped.
 */
export const QoeReportedSampleSchema = z.object({
  ...QoeSampleSchema.shape,
  rendition: QoeRenditionSchema.catch(null),
});
