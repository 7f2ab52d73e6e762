import { Injectable } from '@nestjs/common';
import { AssetsRepository } from '../media/assets.repository';
import type { PlayableAsset } from '../media/media-layout';

/** Long enough to spare the database one look-up per segment, short enough that a new upload shows soon. */
const TTL_MS = 10_000;
const MAX_ENTRIES = 5_000;

/**
 * Where each title's files are, for the byte path: a player asks for a segment every few seconds, and a Mongo
 * round trip per segment would cost more than sending it. Concurrent misses share one look-up; titles without
 * media are not cached (requests for them need a valid token first, so they cannot flood the database).
 */
@Injectable()
export class PlayableAssetCache {
  private readonly entries = new Map<string, { at: number; asset: Promise<PlayableAsset | null> }>();

  constructor(private readonly assets: AssetsRepository) {}

  get(movieId: string, now = Date.now()): Promise<PlayableAsset | null> {
    const cached = this.entries.get(movieId);
    if (cached && now - cached.at < TTL_MS) return cached.asset;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    const asset = this.assets.findPlayable(movieId);
    this.entries.set(movieId, { at: now, asset });
    asset.then(
      (found) => {
        if (!found) this.entries.delete(movieId);
      },
      () => this.entries.delete(movieId),
    );
    return asset;
  }
}
