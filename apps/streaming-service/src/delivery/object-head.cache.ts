import { Inject, Injectable } from '@nestjs/common';
import type { MediaStore, StoredObject } from '../media/media-store';
import { MEDIA_STORE } from '../media/media-store';

/** Stored keys never change (a new upload is a new version dir); a removed title stops at PlayableAssetCache first. */
const TTL_MS = 60_000;
const MAX_ENTRIES = 20_000;

/**
 * Sizes and validators of objects in object storage, for the byte path: without it every range or segment costs
 * a HeadObject round trip before its GetObject. Concurrent misses share one request; missing keys are not kept
 * (only a valid token for a playable title gets this far). The local store needs none: a stat is cheap.
 */
@Injectable()
export class ObjectHeadCache {
  private readonly entries = new Map<string, { at: number; head: Promise<StoredObject | null> }>();

  constructor(@Inject(MEDIA_STORE) private readonly store: MediaStore) {}

  get(key: string, now = Date.now()): Promise<StoredObject | null> {
    const cached = this.entries.get(key);
    if (cached && now - cached.at < TTL_MS) return cached.head;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    const head = this.store.head(key);
    this.entries.set(key, { at: now, head });
    head.then(
      (found) => {
        if (!found) this.entries.delete(key);
      },
      () => this.entries.delete(key),
    );
    return head;
  }
}
