// No zod here: the web's series page and player import these rules and texts, and must not pull zod into their
// chunks with them. The schemas are in series.ts, which re-exports this file.
import { FINISHED_PERCENT } from './user-data-rules';

// TV shows (issue 13, DECISIONS 24): a series holds seasons, a season holds episodes. A series is free or premium
// as a whole (no per-episode purchase or rental); each episode is a playable title with its own id, so stream
// leases, resume points and history work per episode exactly as for movies.

/** The player counts down this long before it plays the next episode ('Auto-play next episode'). */
export const NEXT_EPISODE_COUNTDOWN_SECONDS = 10;

/** Bounds of the admin forms and the importer. */
export const MAX_SEASON_NUMBER = 100;
export const MAX_EPISODE_NUMBER = 500;
/** An intro longer than this is not an intro (the admin marks start and end in seconds). */
export const MAX_INTRO_SECONDS = 600;

/** What the ordering rules need of an episode. */
export type EpisodePosition = { seasonNumber: number; number: number };

/** "S1:E2" (issue 13's label everywhere: series page, Continue Watching, player). */
export const episodeLabel = ({ seasonNumber, number }: EpisodePosition): string =>
  `S${seasonNumber}:E${number}`;

/** Play order: season by season, episode by episode. */
export const compareEpisodes = (a: EpisodePosition, b: EpisodePosition): number =>
  a.seasonNumber - b.seasonNumber || a.number - b.number;

export const inPlayOrder = <T extends EpisodePosition>(episodes: readonly T[]): T[] =>
  [...episodes].sort(compareEpisodes);

/** The episode after `current` in play order, across seasons (S1's last → S2:E1); null after the last episode. */
export const nextEpisodeAfter = <T extends EpisodePosition>(
  episodes: readonly T[],
  current: EpisodePosition,
): T | null => inPlayOrder(episodes).find((episode) => compareEpisodes(episode, current) > 0) ?? null;

/** Where a viewer stands in one episode (from user-data's per-episode history). */
export type EpisodeProgressFacts = {
  episodeId: string;
  positionSeconds: number;
  durationSeconds: number | null;
  lastWatchedAt: string;
  finished: boolean;
};

/** Finished: over FINISHED_PERCENT of the episode (DECISIONS 10, as for movies). */
export const isEpisodeFinished = (positionSeconds: number, durationSeconds: number | null): boolean =>
  Boolean(
    durationSeconds && durationSeconds > 0 && positionSeconds >= (durationSeconds * FINISHED_PERCENT) / 100,
  );

export const NextUpAction = { Play: 'play', Resume: 'resume', PlayNext: 'next' } as const;
export type NextUpAction = (typeof NextUpAction)[keyof typeof NextUpAction];
export type NextUp<T> = { action: NextUpAction; episode: T };

/**
 * The episode a series page offers and Continue Watching shows: the one last watched if it is not finished
 * ("Resume S2:E4"); the one after it when it is ("Play next: S2:E5"); the first episode when nothing was watched,
 * or when the last one watched was the series' last and it is finished ("Play S1:E1"). Null without episodes.
 */
export const nextUp = <T extends EpisodePosition & { id: string }>(
  episodes: readonly T[],
  progress: readonly EpisodeProgressFacts[],
): NextUp<T> | null => {
  const ordered = inPlayOrder(episodes);
  const first = ordered[0];
  if (!first) return null;
  const known = new Map(ordered.map((episode) => [episode.id, episode]));
  const latest = progress
    .filter((entry) => known.has(entry.episodeId))
    .sort((a, b) => b.lastWatchedAt.localeCompare(a.lastWatchedAt))[0];
  if (!latest) return { action: NextUpAction.Play, episode: first };
  const episode = known.get(latest.episodeId) as T;
  if (!latest.finished) return { action: NextUpAction.Resume, episode };
  const next = nextEpisodeAfter(ordered, episode);
  return next
    ? { action: NextUpAction.PlayNext, episode: next }
    : { action: NextUpAction.Play, episode: first };
};

/** The series page's main button: "Play S1:E1", "Resume S2:E4", "Play next: S2:E5". */
export const nextUpLabel = ({ action, episode }: NextUp<EpisodePosition>): string => {
  const label = episodeLabel(episode);
  switch (action) {
    case NextUpAction.Play:
      return `Play ${label}`;
    case NextUpAction.Resume:
      return `Resume ${label}`;
    case NextUpAction.PlayNext:
      return `Play next: ${label}`;
  }
};

/** Texts of the catalogue's answers and the series screens. */
export const SeriesMessages = {
  notFound: 'Series not found',
  episodeNotFound: 'Episode not found',
  seasonNotFound: 'Season not found',
  added: 'Series added successfully',
  updated: 'Series updated successfully',
  seasonAdded: 'Season added successfully',
  episodeAdded: 'Episode added successfully',
  onlyDraftsPublish: 'Only drafts can be published',
  seasonExists: 'That season already exists',
  episodeExists: 'That episode number is already used in this season',
  introOrder: 'The intro must end after it starts',
  /** A premium series comes with a plan: no episode or series is bought or rented on its own (issue 13). */
  noTitleOrder: 'Series come with a plan: subscribe to watch this series.',
} as const;
