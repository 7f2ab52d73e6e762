import type { Interaction } from '../model';
import type { InteractionState } from './interaction-rules';
import type { InteractionRecord } from './interaction.schema';

export const toInteractionRecord = (state: InteractionState): InteractionRecord => ({
  userId: state.userId,
  profileId: state.profileId,
  movieId: state.movieId,
  version: state.version,
  watchedFraction: state.watchedFraction,
  finished: state.finished,
  favorite: state.favorite,
  favoriteAt: state.favoriteAt > 0 ? new Date(state.favoriteAt) : null,
  paid: state.paid,
  strength: state.strength,
  at: new Date(state.at),
});

export const toInteractionState = (record: InteractionRecord): InteractionState => ({
  userId: record.userId,
  profileId: record.profileId,
  movieId: record.movieId,
  version: record.version,
  watchedFraction: record.watchedFraction,
  finished: record.finished,
  favorite: record.favorite,
  favoriteAt: record.favoriteAt ? record.favoriteAt.getTime() : 0,
  paid: record.paid,
  strength: record.strength,
  at: record.at.getTime(),
});

/** The model learns per profile (DECISIONS 36): its "user" is the profile. */
export const toModelInteraction = (
  record: Pick<InteractionRecord, 'profileId' | 'movieId' | 'strength' | 'at'>,
): Interaction => ({
  userId: record.profileId,
  movieId: record.movieId,
  strength: record.strength,
  at: record.at.getTime(),
});
