import type { QoeSample, Rendition } from '@app/contracts';
import { Renditions } from '@app/contracts';

/** What the meter listens to: a media element's events and its picture size. */
export type MeteredMedia = EventTarget & { paused: boolean; videoHeight?: number };

const cap = (value: number, max: number) => Math.max(0, Math.min(max, Math.round(value)));

/** The ladder rung a picture `height` pixels tall is (the nearest one); null before there is a picture. */
export const renditionOf = (height: number): Rendition | null => {
  if (height <= 0) return null;
  const distance = (rendition: Rendition) => Math.abs(Number.parseInt(rendition, 10) - height);
  return Renditions.reduce((best, rendition) => (distance(rendition) < distance(best) ? rendition : best));
};

/**
 * Measures one playback's quality from its media element's events (issue 28): time from attaching to the first
 * frame playing, stalls after it (count and time), time spent playing and at which rendition, picture-size changes
 * (rendition switches) and fatal errors. `cut()` hands what happened since the previous cut as one sample, within
 * the contract's bounds, named after the rendition it played longest. The browser is the server's to read.
 */
export class QoeMeter {
  private readonly startedAt: number;
  private firstFrameMs: number | null = null;
  private reportedFirstFrame = false;
  private stalledAt: number | null = null;
  private playingSince: number | null = null;
  private rebufferCount = 0;
  private rebufferMs = 0;
  private playedMs = 0;
  private switches = 0;
  private fatalErrors = 0;
  private height = 0;
  /** Time played at each rendition since the previous cut. */
  private playedAt = new Map<Rendition, number>();
  private readonly listeners: Array<[string, () => void]>;

  constructor(
    private readonly media: MeteredMedia,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.startedAt = now();
    this.listeners = [
      ['playing', () => this.onPlaying()],
      ['waiting', () => this.onWaiting()],
      ['pause', () => this.stopPlaying()],
      ['ended', () => this.stopPlaying()],
      ['error', () => (this.fatalErrors += 1)],
      ['resize', () => this.onResize()],
    ];
    for (const [type, listener] of this.listeners) media.addEventListener(type, listener);
  }

  /** What happened since the previous cut; null when nothing did. */
  cut(): QoeSample | null {
    const now = this.now();
    this.accruePlaying(now);
    if (this.stalledAt !== null) {
      this.rebufferMs += now - this.stalledAt;
      this.stalledAt = now;
    }
    const first = !this.reportedFirstFrame && this.firstFrameMs !== null ? this.firstFrameMs : null;
    const empty = first === null && this.playedMs < 1 && this.rebufferMs < 1 && this.fatalErrors === 0;
    if (empty) return null;
    if (first !== null) this.reportedFirstFrame = true;
    const sample: QoeSample = {
      timeToFirstFrameMs: first === null ? null : cap(first, 120_000),
      rebufferCount: cap(this.rebufferCount, 1_000),
      rebufferMs: cap(this.rebufferMs, 3_600_000),
      playedMs: cap(this.playedMs, 3_600_000),
      bitrateSwitches: cap(this.switches, 1_000),
      fatalErrors: cap(this.fatalErrors, 100),
      rendition: this.mostPlayed(),
    };
    this.rebufferCount = 0;
    this.rebufferMs = 0;
    this.playedMs = 0;
    this.switches = 0;
    this.fatalErrors = 0;
    this.playedAt = new Map();
    return sample;
  }

  stop(): void {
    for (const [type, listener] of this.listeners) this.media.removeEventListener(type, listener);
  }

  private onPlaying() {
    const now = this.now();
    if (this.firstFrameMs === null) this.firstFrameMs = now - this.startedAt;
    if (this.stalledAt !== null) {
      this.rebufferMs += now - this.stalledAt;
      this.rebufferCount += 1;
      this.stalledAt = null;
    }
    this.playingSince ??= now;
  }

  private onWaiting() {
    // Before the first frame it is start-up, not rebuffering.
    if (this.firstFrameMs === null) return;
    this.stopPlaying();
    this.stalledAt ??= this.now();
  }

  private stopPlaying() {
    this.accruePlaying(this.now());
    this.playingSince = null;
  }

  /** Counts the time played up to `now`, at the rendition shown meanwhile. */
  private accruePlaying(now: number) {
    if (this.playingSince === null) return;
    const played = now - this.playingSince;
    this.playedMs += played;
    const rendition = renditionOf(this.height);
    if (rendition) this.playedAt.set(rendition, (this.playedAt.get(rendition) ?? 0) + played);
    this.playingSince = now;
  }

  /** The rendition played longest since the previous cut (the one shown when nothing played), if any. */
  private mostPlayed(): Rendition | null {
    let best: [Rendition, number] | null = null;
    for (const entry of this.playedAt) if (!best || entry[1] > best[1]) best = entry;
    return best?.[0] ?? renditionOf(this.height);
  }

  private onResize() {
    const height = this.media.videoHeight ?? 0;
    // The time played so far was at the previous picture size.
    this.accruePlaying(this.now());
    if (height > 0 && this.height > 0 && height !== this.height) this.switches += 1;
    if (height > 0) this.height = height;
  }
}
