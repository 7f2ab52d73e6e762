import type { RecommendationReason } from '@app/contracts';

export type Pick = { movieId: string; reason: RecommendationReason; basedOn: string | null };
export type ScoredPick = Pick & { score: number };

type Candidate = { movieId: string; score: number; basedOn?: string | null };
type Placed = Pick & { raw: number; tier: number };

/**
 * One answer's titles, gathered tier by tier (the model's picks, then each fallback), each title once, up to the
 * limit. Sources score on different scales, so a title's score is its tier's rank (earlier tiers higher) plus its
 * share of its tier's best score: higher is better within one answer, and the list is best first.
 */
export class PickList {
  private readonly placed: Placed[] = [];
  private readonly taken = new Set<string>();
  private tiers = 0;

  constructor(private readonly limit: number) {}

  get full(): boolean {
    return this.placed.length >= this.limit;
  }

  get remaining(): number {
    return Math.max(0, this.limit - this.placed.length);
  }

  has(movieId: string): boolean {
    return this.taken.has(movieId);
  }

  /** Takes `ranked` (best first) as one tier, skipping titles already picked, until the list is full. */
  add(ranked: Iterable<Candidate>, reason: RecommendationReason): void {
    const tier = this.tiers;
    let added = 0;
    for (const { movieId, score, basedOn } of ranked) {
      if (this.full) break;
      if (this.taken.has(movieId)) continue;
      this.taken.add(movieId);
      this.placed.push({ movieId, reason, basedOn: basedOn ?? null, raw: score, tier });
      added++;
    }
    if (added > 0) this.tiers++;
  }

  scored(): ScoredPick[] {
    const best = new Map<number, number>();
    for (const { tier, raw } of this.placed) best.set(tier, Math.max(best.get(tier) ?? 0, raw));
    return this.placed.map(({ movieId, reason, basedOn, raw, tier }) => {
      const top = best.get(tier) ?? 0;
      const share = top > 0 && raw > 0 ? raw / top : 0;
      return { movieId, reason, basedOn, score: Math.round((this.tiers - 1 - tier + share) * 1e6) / 1e6 };
    });
  }
}
