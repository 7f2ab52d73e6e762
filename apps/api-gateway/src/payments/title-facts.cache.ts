import { Injectable } from '@nestjs/common';
import type { TitleFacts } from '@app/contracts';

const TTL_MS = 30_000;
const MAX_ENTRIES = 10_000;

/**
 * Title facts (access, prices) for the entitlement answer, the hottest payment call: every title page and every
 * playback asks it. Held 30 s in memory, and one load at a time per title, so a burst of viewers costs
 * catalogue-service one call. An admin's price or access change is seen within 30 s.
 */
@Injectable()
export class TitleFactsCache {
  private readonly entries = new Map<string, { facts: Promise<TitleFacts>; expiresAt: number }>();

  get(movieId: string, load: () => Promise<TitleFacts>): Promise<TitleFacts> {
    const now = Date.now();
    const cached = this.entries.get(movieId);
    if (cached && cached.expiresAt > now) return cached.facts;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    const facts = load();
    this.entries.set(movieId, { facts, expiresAt: now + TTL_MS });
    // A failed load (unknown title, catalogue down) is not remembered.
    void facts.catch(() => this.entries.delete(movieId));
    return facts;
  }
}
