import type { QoeSample } from '@app/contracts';

/** What the meter listens to: a media element's events and its picture size. */
export type MeteredMedia = EventTarget & { paused: boolean; videoHeight?: number };

const cap = (value: number, max: number) => Math.max(0, Math.min(max, Math.round(value)));

/** The browser's family, as QoE reports name it. */
export const browserName = (userAgent: string): string => {
  if (/Edg\//.test(userAgent)) return 'Edge';
  if (/OPR\//.test(userAgent)) return 'Opera';
  if (/Firefox\//.test(userAgent)) return 'Firefox';
  if (/Chrome\//.test(userAgent)) return 'Chrome';
  if (/Safari\//.test(userAgent)) return 'Safari';
  return 'Other';
};

/**
 * Measures one playback's quality from its media element's events (issue 28): time from attaching to the first
 * frame playing, stalls after it (count and time), time spent playing, picture-size changes (rendition switches)
 * and fatal errors. `cut()` hands what happened since the previous cut as one sample, within the contract's bounds.
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
  private readonly listeners: Array<[string, () => void]>;

  constructor(
    private readonly media: MeteredMedia,
    private readonly browser: string,
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
    if (this.playingSince !== null) {
      this.playedMs += now - this.playingSince;
      this.playingSince = now;
    }
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
      rendition: this.height > 0 ? `${this.height}p` : 'auto',
      browser: this.browser,
    };
    this.rebufferCount = 0;
    this.rebufferMs = 0;
    this.playedMs = 0;
    this.switches = 0;
    this.fatalErrors = 0;
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
    if (this.playingSince === null) return;
    this.playedMs += this.now() - this.playingSince;
    this.playingSince = null;
  }

  private onResize() {
    const height = this.media.videoHeight ?? 0;
    if (height > 0 && this.height > 0 && height !== this.height) this.switches += 1;
    if (height > 0) this.height = height;
  }
}
