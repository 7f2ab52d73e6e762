import { Injectable } from '@nestjs/common';
import type { Playable } from '@app/contracts';
import { MemoCache } from '@app/server-core';

/**
 * Title facts (access, prices; for an episode its series' facts and its place in the series) for the entitlement
 * answer, the hottest payment call: every title page and every playback asks it. Held 30 s in memory, and one
 * load at a time per id, so a burst of viewers costs catalogue-service one call. An admin's price or access change
 * is seen within 30 s; a failed load (unknown title, catalogue down) is not kept.
 */
@Injectable()
export class TitleFactsCache {
  private readonly titles = new MemoCache<Playable>({ ttlMs: 30_000, maxEntries: 10_000 });

  get(id: string, load: () => Promise<Playable>): Promise<Playable> {
    return this.titles.get(id, load);
  }
}
