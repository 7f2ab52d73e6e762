import { DAY_MS } from './model-options';
import type { ModelSnapshot, Neighbour, ProfileEntry, ScoredItem } from './model.types';
import { TopK } from './top-k';

type Candidates = { limit: number; isCandidate: (movieId: string) => boolean };
/** The first `limit` of a best-first list that pass `isCandidate` (called only as far as needed). */
const firstCandidates = (ranked: Neighbour[], { limit, isCandidate }: Candidates, basedOn: string | null) => {
  const out: ScoredItem[] = [];
  for (const [movieId, score] of ranked) {
    if (out.length >= limit) break;
    if (isCandidate(movieId)) out.push({ movieId, score, basedOn });
  }
  return out;
};

/**
 * Item-kNN scoring: each profile title (weighted by its strength, the viewer's latest a little more) adds
 * similarity × weight to each of its neighbours. Profile titles themselves and `exclude` are skipped; `basedOn` is the
 * profile title that contributed most. Best first, at most `limit`; empty for an empty profile (callers fall back to
 * `popular`). Tallies live in flat arrays and only the best few are sorted, so 50 profile titles × 50 neighbours
 * take a fraction of a millisecond.
 */
export const scoreUser = (
  model: ModelSnapshot,
  profile: ProfileEntry[],
  options: Candidates & { exclude: ReadonlySet<string> },
): ScoredItem[] => {
  const { limit, exclude, isCandidate } = options;
  if (limit <= 0 || profile.length === 0) return [];
  const { recentBoost, recentHalfLifeDays } = model.options;
  const halfLife = recentHalfLifeDays * DAY_MS;
  let newest = -Infinity;
  const own = new Set<string>();
  for (const entry of profile) {
    newest = Math.max(newest, entry.at);
    own.add(entry.movieId);
  }
  const slots = new Map<string, number>();
  const ids: string[] = [];
  const scores: number[] = [];
  const best: number[] = [];
  const reasons: string[] = [];
  for (const { movieId, strength, at } of profile) {
    const recency = halfLife > 0 && Number.isFinite(newest - at) ? 2 ** (-(newest - at) / halfLife) : 0;
    const weight = strength * (1 + recentBoost * recency);
    const list = model.neighbours.get(movieId);
    if (!list || !(weight > 0)) continue;
    for (const [neighbour, similarity] of list) {
      if (own.has(neighbour) || exclude.has(neighbour)) continue;
      const contribution = similarity * weight;
      const slot = slots.get(neighbour);
      if (slot === undefined) {
        slots.set(neighbour, ids.length);
        ids.push(neighbour);
        scores.push(contribution);
        best.push(contribution);
        reasons.push(movieId);
      } else {
        scores[slot] += contribution;
        if (contribution > best[slot]) {
          best[slot] = contribution;
          reasons[slot] = movieId;
        }
      }
    }
  }
  // The best few suffice unless `isCandidate` rejects many of them: widen and retry then.
  for (let keep = Math.min(ids.length, 2 * limit + 16); ; keep = Math.min(ids.length, keep * 4)) {
    const top = new TopK(keep);
    for (let slot = 0; slot < ids.length; slot++) top.push(slot, scores[slot]);
    const out: ScoredItem[] = [];
    for (const [slot, score] of top.sorted()) {
      if (out.length >= limit) break;
      if (isCandidate(ids[slot])) out.push({ movieId: ids[slot], score, basedOn: reasons[slot] });
    }
    if (out.length >= limit || keep >= ids.length) return out;
  }
};

/** The title's neighbours ("because you watched X", "more like this"), best first. */
export const similarTo = (model: ModelSnapshot, movieId: string, options: Candidates): ScoredItem[] =>
  firstCandidates(
    (model.neighbours.get(movieId) ?? []).filter(([id]) => id !== movieId),
    options,
    movieId,
  );

/** Most popular titles (recent viewing counts more), best first. */
export const popular = (model: ModelSnapshot, options: Candidates): ScoredItem[] =>
  firstCandidates(model.popularity, options, null);
