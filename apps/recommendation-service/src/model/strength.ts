import type { InteractionSignals } from './model.types';

/** Below this share of the film a play is a sample or a misclick, not a preference. */
const STARTED_FRACTION = 0.02;
const FINISHED = 3;
const FAVORITE = 2;
/** Money spent is the strongest implicit signal we get. */
const PAID = 3;

/**
 * Implicit-feedback weight of one viewer's signals for one title: started ≈ 1, half watched ≈ 2, finished 3, a
 * favorite adds 2, a purchase or rental 3. 0 means "no evidence" so the caller can drop the row. Non-decreasing in
 * every signal, so events that only grow never lower a title's weight.
 */
export const interactionStrength = ({
  watchedFraction,
  finished,
  favorite,
  paid,
}: InteractionSignals): number => {
  const fraction = Number.isFinite(watchedFraction) ? Math.min(Math.max(watchedFraction, 0), 1) : 0;
  const watched = finished ? FINISHED : fraction >= STARTED_FRACTION ? 1 + 2 * fraction : 0;
  return watched + (favorite ? FAVORITE : 0) + (paid ? PAID : 0);
};
