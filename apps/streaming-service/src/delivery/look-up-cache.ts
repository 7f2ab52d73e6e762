/**
 * The byte path's in-process memo of look-ups (a title's files, an object's size, a lease's liveness): a player asks
 * for a segment every few seconds, and a round trip per segment would cost more than sending it. A key's look-up is
 * kept for `ttlMs` from when it started, so a cached answer is never older than that; concurrent misses share one
 * look-up; failures, and answers `keep` refuses, go as soon as they settle. At `maxEntries` it starts afresh.
 */
export class LookUpCache<V> {
  private readonly entries = new Map<string, { at: number; value: Promise<V> }>();

  constructor(
    private readonly options: { ttlMs: number; maxEntries: number; keep?: (value: V) => boolean },
  ) {}

  get(key: string, lookUp: () => Promise<V>, now = Date.now()): Promise<V> {
    const cached = this.entries.get(key);
    if (cached && now - cached.at < this.options.ttlMs) return cached.value;
    if (this.entries.size >= this.options.maxEntries) this.entries.clear();
    const value = lookUp();
    const entry = { at: now, value };
    this.entries.set(key, entry);
    const forget = () => {
      // Only this look-up's own entry: a newer one may have replaced it meanwhile.
      if (this.entries.get(key) === entry) this.entries.delete(key);
    };
    value.then((found) => {
      if (this.options.keep && !this.options.keep(found)) forget();
    }, forget);
    return value;
  }
}
