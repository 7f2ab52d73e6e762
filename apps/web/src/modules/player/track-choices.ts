import { z } from 'zod';

/**
 * The last audio and subtitle languages a profile chose in each series (issue 26: Tamil picked in episode 1 plays
 * Tamil in episode 2), kept in this browser: a hint that only sets where playback starts, needed before the first
 * request (hls.js is configured with it), and worth no server round trip; without it the profile's languages apply.
 * Subtitles null: the viewer turned them off. At most MAX_SERIES series per profile, the least recent dropped.
 */
export type TrackChoice = { audio?: string; subtitles?: string | null };

const MAX_SERIES = 50;
const storageKey = (profileId: string) => `trackChoices:${profileId}`;

const ChoiceSchema = z.object({
  audio: z.string().optional(),
  subtitles: z.string().nullable().optional(),
});
const ChoicesSchema = z.record(z.string(), ChoiceSchema);
type Choices = z.infer<typeof ChoicesSchema>;

const readAll = (profileId: string): Choices => {
  try {
    const parsed = ChoicesSchema.safeParse(
      JSON.parse(window.localStorage.getItem(storageKey(profileId)) ?? 'null'),
    );
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
};

export const readTrackChoice = (profileId: string, seriesId: string): TrackChoice =>
  readAll(profileId)[seriesId] ?? {};

/** Adds `choice` to what the series holds, as the most recent series. */
export const storeTrackChoice = (profileId: string, seriesId: string, choice: TrackChoice): void => {
  const { [seriesId]: held, ...others } = readAll(profileId);
  const kept = Object.entries(others).slice(-(MAX_SERIES - 1));
  const next = Object.fromEntries([...kept, [seriesId, { ...held, ...choice }]]);
  try {
    window.localStorage.setItem(storageKey(profileId), JSON.stringify(next));
  } catch {
    // Storage unavailable (privacy modes): the profile's languages apply next time.
  }
};
