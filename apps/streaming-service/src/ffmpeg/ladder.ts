import type { Rendition } from '@app/contracts';
import { Renditions } from '@app/contracts';

/** Encoder settings of one rung of the HLS ladder (capped ABR, so BANDWIDTH in the master playlist means something). */
export type Rung = {
  rendition: Rendition;
  height: number;
  videoKbps: number;
  maxKbps: number;
  bufferKbps: number;
};

export const LADDER: Record<Rendition, Rung> = {
  '1080p': { rendition: '1080p', height: 1080, videoKbps: 5000, maxKbps: 5350, bufferKbps: 7500 },
  '720p': { rendition: '720p', height: 720, videoKbps: 2800, maxKbps: 3000, bufferKbps: 4200 },
  '480p': { rendition: '480p', height: 480, videoKbps: 1200, maxKbps: 1300, bufferKbps: 1800 },
};

/** The rendition the faststart MP4 is encoded at (within every plan's cap, DECISIONS 26). */
export const MP4_RUNG = LADDER['480p'];
export const AUDIO_KBPS = 128;

/** Keyframes every 2 s, aligned across renditions, so segments cut at the same instants everywhere. */
export const KEYFRAME_SECONDS = 2;
/**
 * One keyframe interval per segment (issue 29: seek ≤ 0.5 s at 20 Mbit/s): hls.js appends a fMP4 segment only once
 * it has all of it, so a seek waits for one whole segment of the chosen rendition; 2 s halves that wait against 4 s,
 * for twice the requests, which nginx answers alone (edge links).
 */
export const SEGMENT_SECONDS = 2;

/**
 * The renditions worth encoding for a source `height` pixels tall, best first: never upscale, but 480p always
 * (the floor every plan can play). A source between rungs (e.g. 900 px) gets the rungs below it.
 */
export const planLadder = (sourceHeight: number): Rung[] => {
  const rungs = Renditions.map((rendition) => LADDER[rendition]).filter(
    (rung) => rung.height <= sourceHeight || rung.rendition === '480p',
  );
  return rungs;
};

/** Frames per keyframe interval at the source rate (x264's GOP ceiling; the forced keyframes do the aligning). */
export const gopFrames = (fps: number | null): number =>
  Math.max(1, Math.round((fps && fps > 0 ? fps : 24) * KEYFRAME_SECONDS));
