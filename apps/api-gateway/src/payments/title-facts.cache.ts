import { Injectable } from '@nestjs/common';
import type { Playable } from '@app/contracts';

const TTL_MS = 30_000;
const MAX_ENTRIES = 10_000;

/**
 * Title facts (access, prices; for an episode its series' facts and its place in the series) for the entitlement
 * answer, the hottest payment call: every title page and every playback asks it. Held 30 s in memory, and one
 * load at a time per id, so a burst of viewers costs catalogue-service one call. An admin's price or access change
 * is seen within 30 s.
 */
@Injectable()
export class TitleFactsCache {
  private readonly entries = new Map<string, { playable: Promise<Playable>; expiresAt: number }>();

  get(id: string, load: () => Promise<Playable>): Promise<Playable> {
    const now = Date.now();
    const cached = this.entries.get(id);
    if (cached && cached.expiresAt > now) return cached.playable;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    const playable = load();
    this.entries.set(id, { playable, expiresAt: now + TTL_MS });
    // A failed load (unknown title, catalogue down) is not remembered.
    void playable.catch(() => this.entries.delete(id));
    return playable;
  }
}
