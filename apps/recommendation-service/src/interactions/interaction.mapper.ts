import type { Interaction } from '../model';
import type { InteractionState } from './interaction-rules';
import type { InteractionRecord } from './interaction.schema';

export const toInteractionRecord = (state: InteractionState): InteractionRecord => ({
  userId: state.userId,
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

export const toModelInteraction = (
  record: Pick<InteractionRecord, 'userId' | 'movieId' | 'strength' | 'at'>,
): Interaction => ({
  userId: record.userId,
  movieId: record.movieId,
  strength: record.strength,
  at: record.at.getTime(),
});
