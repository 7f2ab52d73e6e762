import { Inject, Injectable } from '@nestjs/common';
import { MemoCache } from '@app/server-core';
import type { MediaStore, StoredObject } from '../media/media-store';
import { MEDIA_STORE } from '../media/media-store';

/**
 * Sizes and validators of objects in object storage, for the byte path: without it every range or segment costs
 * a HeadObject round trip before its GetObject. Stored keys never change (a new upload is a new version dir; a
 * removed title stops at PlayableAssetCache first), so a minute is safe; missing keys are not kept (only a valid
 * token for a playable title gets this far). The local store needs none: a stat is cheap.
 */
@Injectable()
export class ObjectHeadCache {
  private readonly heads = new MemoCache<StoredObject | null>({
    ttlMs: 60_000,
    maxEntries: 20_000,
    keep: (head) => head !== null,
  });

  constructor(@Inject(MEDIA_STORE) private readonly store: MediaStore) {}

  get(key: string): Promise<StoredObject | null> {
    return this.heads.get(key, () => this.store.head(key));
  }
}
