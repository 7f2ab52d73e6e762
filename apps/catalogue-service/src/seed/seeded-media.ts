/** Seeded titles (movies and episodes of published demo series) present, and how many of them cannot play yet. */
export type MediaProgress = { titles: number; waiting: number };

export type AwaitMediaOptions = {
  /** Called after every look with the titles that play and all of them. */
  onProgress?: (ready: number, titles: number) => void;
  pollMs?: number;
  /** Gives up when the count of titles that play has not grown for this long (streaming-service down, no samples). */
  stallMs?: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
};

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Waits until every seeded title plays: streaming-service maps each one to a sample film as its `movie.published` /
 * `episode.published` event arrives and announces `media.ready`, which the catalogue applies. Until then Play
 * answers "Coming soon", so `npm start` shows its URL only after this. Resolves with the number of titles.
 */
export const awaitSeededMedia = async (
  look: () => Promise<MediaProgress>,
  { onProgress, pollMs = 500, stallMs = 180_000, sleep = pause, now = Date.now }: AwaitMediaOptions = {},
): Promise<number> => {
  let best = -1;
  let movedAt = now();
  for (;;) {
    const { titles, waiting } = await look();
    const ready = titles - waiting;
    onProgress?.(ready, titles);
    if (waiting === 0) return titles;
    if (ready > best) {
      best = ready;
      movedAt = now();
    } else if (now() - movedAt >= stallMs) {
      throw new Error(
        `${waiting} of ${titles} seeded titles still cannot play, and none became playable in ${Math.round(stallMs / 1000)} s: ` +
          'see the streaming-service log (it maps seeded titles to sample films, with SAMPLE_MEDIA=on) and the catalogue-service log',
      );
    }
    await sleep(pollMs);
  }
};
