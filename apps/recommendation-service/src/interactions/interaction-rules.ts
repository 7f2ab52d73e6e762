import type { EventPayload } from '@app/contracts';
import { FINISHED_PERCENT, RESUME_MIN_PERCENT } from '@app/contracts';
import type { ViewerKey } from '@app/server-core';
import { interactionStrength } from '../model';

/**
 * What this service knows of one viewer (a profile of an account, DECISIONS 36) and one title: the signals the events told (each only grows, but for the
 * favorite, which follows the latest favorite event), the strength the model learns from, and a version that
 * orders writes of the record.
 */
export type InteractionState = {
  /** The account. */
  userId: string;
  /** The account's profile the signals are of: the recommender learns and answers per profile. */
  profileId: string;
  movieId: string;
  /** 1 for the first write, +1 for each change. */
  version: number;
  /** The largest share of the film reached, 0–1, floored to a whole percent. */
  watchedFraction: number;
  /** Reached FINISHED_PERCENT at least once. */
  finished: boolean;
  favorite: boolean;
  /** Epoch ms of the favorite event applied last (0: none): an older one changes nothing. */
  favoriteAt: number;
  /** Bought or rented (`payment.captured` naming the title). */
  paid: boolean;
  /** `interactionStrength` of the signals; 0 means no evidence (the model and the profile scoring skip it). */
  strength: number;
  /** Epoch ms of the latest event that changed the record. */
  at: number;
};

export type InteractionChange =
  | { kind: 'watched'; fraction: number; finished: boolean; at: number }
  | { kind: 'favorite'; favorite: boolean; at: number }
  | { kind: 'paid'; at: number };

/**
 * Progress is stored in whole percents of the film, so a viewer's report every 10 s writes about once a minute of
 * a feature film rather than on every report.
 */
const WATCHED_STEPS = 100;

/** Where a report stands: the stored share and whether it counts as finished; null while the duration is unknown. */
export const watchedOf = (
  positionSeconds: number,
  durationSeconds: number | null,
): { fraction: number; finished: boolean } | null => {
  if (durationSeconds === null || !(durationSeconds > 0) || !Number.isFinite(positionSeconds)) return null;
  const share = Math.min(1, Math.max(0, positionSeconds / durationSeconds));
  // Divided, not multiplied by 0.01, so 29 % is stored as 0.29 exactly.
  const fraction = Math.floor(share * WATCHED_STEPS + 1e-9) / WATCHED_STEPS;
  return { fraction, finished: share * 100 >= FINISHED_PERCENT };
};

/**
 * The item a position report is about: for an episode its series (a series is one item, its episodes never are),
 * else the title itself. Every episode's report then applies the movie rules to the series' one record: the
 * share is the furthest any one episode got and finished means some episode was, so however many episodes a
 * viewer watches, the series weighs at most what a finished film does (plus favorite and payment, as a film).
 */
export const itemOfReport = (report: Pick<EventPayload<'watch.progressed'>, 'movieId' | 'episode'>): string =>
  report.episode?.seriesId ?? report.movieId;

/**
 * Watched past the resume range's start (so in Continue Watching, or finished): never recommended again. Titles
 * merely sampled (under RESUME_MIN_PERCENT) stay candidates.
 */
export const isWatched = (state: Pick<InteractionState, 'watchedFraction' | 'finished'>): boolean =>
  state.finished || state.watchedFraction * 100 >= RESUME_MIN_PERCENT - 1e-9;

const EMPTY = {
  version: 0,
  watchedFraction: 0,
  finished: false,
  favorite: false,
  favoriteAt: 0,
  paid: false,
  strength: 0,
  at: 0,
};

/**
 * The record after `change`, or null when the change adds nothing (a redelivery, an older report or favorite
 * event, a share already reached): the caller then writes nothing.
 */
export const nextState = (
  { userId, profileId }: ViewerKey,
  movieId: string,
  previous: InteractionState | null,
  change: InteractionChange,
): InteractionState | null => {
  const state = previous ?? { userId, profileId, movieId, ...EMPTY };
  let signals: Pick<InteractionState, 'watchedFraction' | 'finished' | 'favorite' | 'favoriteAt' | 'paid'>;
  switch (change.kind) {
    case 'watched': {
      const watchedFraction = Math.max(state.watchedFraction, change.fraction);
      const finished = state.finished || change.finished;
      if (watchedFraction === state.watchedFraction && finished === state.finished) return null;
      signals = { ...state, watchedFraction, finished };
      break;
    }
    case 'favorite':
      // Its time moves on even when the flag stays, so an older event arriving after it cannot undo it.
      if (change.at <= state.favoriteAt) return null;
      signals = { ...state, favorite: change.favorite, favoriteAt: change.at };
      break;
    case 'paid':
      if (state.paid) return null;
      signals = { ...state, paid: true };
      break;
  }
  const { watchedFraction, finished, favorite, favoriteAt, paid } = signals;
  return {
    userId,
    profileId,
    movieId,
    version: state.version + 1,
    watchedFraction,
    finished,
    favorite,
    favoriteAt,
    paid,
    strength: interactionStrength({ watchedFraction, finished, favorite, paid }),
    at: Math.max(state.at, change.at),
  };
};

/**
 * The record after several changes in order (one read of the event stream), written as one change: one version
 * after `previous`. Null when none adds anything.
 */
export const foldChanges = (
  viewer: ViewerKey,
  movieId: string,
  previous: InteractionState | null,
  changes: readonly InteractionChange[],
): InteractionState | null => {
  let state = previous;
  for (const change of changes) state = nextState(viewer, movieId, state, change) ?? state;
  return state && state !== previous ? { ...state, version: (previous?.version ?? EMPTY.version) + 1 } : null;
};
