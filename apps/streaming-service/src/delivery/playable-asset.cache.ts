import { Injectable } from '@nestjs/common';
import { MemoCache } from '@app/server-core';
import { AssetsRepository } from '../media/assets.repository';
import type { PlayableAsset } from '../media/media-layout';

/**
 * Where each title's files are, for the byte path. Long enough to spare the database one look-up per segment,
 * short enough that a new upload shows soon. Titles without media are not kept (requests for them need a valid
 * token first, so they cannot flood the database).
 */
@Injectable()
export class PlayableAssetCache {
  private readonly assets = new MemoCache<PlayableAsset | null>({
    ttlMs: 10_000,
    maxEntries: 5_000,
    keep: (asset) => asset !== null,
  });

  constructor(private readonly repository: AssetsRepository) {}

  get(movieId: string): Promise<PlayableAsset | null> {
    return this.assets.get(movieId, () => this.repository.findPlayable(movieId));
  }
}
