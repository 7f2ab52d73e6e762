import { LRUCache } from 'lru-cache';

/** How a read was answered: from a settled answer, by joining the load in flight, or by a new load. */
export type MemoLookup = 'hit' | 'joined' | 'miss';

export type MemoCacheOptions<V> = {
  /** How long an answer is reused, counted from when its load started (so none is older than this); 0 = never. */
  ttlMs: number;
  /** Keys held at once; past it the least recently used one goes. */
  maxEntries: number;
  /** Answers to drop once settled (a refusal, a missing key); a failed load is never kept. */
  keep?: (value: V) => boolean;
  /** The clock (ms; never 0, which lru-cache reads as "no start"); tests move their own. */
  now?: () => number;
  counted?: (lookup: MemoLookup) => void;
};

/** `settled` is set once the load answered and the answer is kept. */
type Entry<V> = { value: Promise<V>; settled?: { answer: V } };

/**
 * The one in-process memo of look-ups (a session, a title's facts, an object's size): each key's answer is reused
 * for `ttlMs`, one load per key at a time (the readers that come meanwhile share it), at most `maxEntries` keys.
 * A failure, and an answer `keep` refuses, is shared with the readers already waiting on it and then dropped, so
 * the next read loads again. `lru-cache` holds the entries (recency and expiry); this class adds the sharing.
 */
export class MemoCache<V> {
  private readonly entries: LRUCache<string, Entry<V>> | null;
  private readonly keep: (value: V) => boolean;
  private readonly counted: (lookup: MemoLookup) => void;

  constructor({ ttlMs, maxEntries, keep, now = () => Date.now(), counted }: MemoCacheOptions<V>) {
    this.entries =
      ttlMs > 0
        ? new LRUCache<string, Entry<V>>({
            max: maxEntries,
            // lru-cache keeps an entry while its age <= ttl; an answer is due again once ttlMs (whole ms) passed.
            ttl: Math.max(1, Math.ceil(ttlMs) - 1),
            // Read the clock on every check: lru-cache otherwise reuses one reading for 1 ms (and sets a timer).
            ttlResolution: 0,
            perf: { now },
          })
        : null;
    this.keep = keep ?? (() => true);
    this.counted = counted ?? (() => undefined);
  }

  get size(): number {
    return this.entries?.size ?? 0;
  }

  /** The answer for `key`: a held one, the load in flight, or a new `load()`. `fresh` skips what is held. */
  get(key: string, load: () => Promise<V>, { fresh = false } = {}): Promise<V> {
    const held = fresh ? undefined : this.entries?.get(key);
    if (held) {
      this.counted(held.settled ? 'hit' : 'joined');
      return held.value;
    }
    this.counted('miss');
    // A load that throws instead of rejecting is a failure like any other.
    const value = new Promise<V>((resolve) => resolve(load()));
    if (!this.entries) return value;
    const entry: Entry<V> = { value };
    this.entries.set(key, entry);
    const drop = () => {
      // Only this load's own entry: a newer one for the key may have replaced it meanwhile.
      if (this.entries?.peek(key, { allowStale: true }) === entry) this.entries.delete(key);
    };
    void value.then((answer) => {
      if (this.keep(answer)) entry.settled = { answer };
      else drop();
    }, drop);
    return value;
  }

  /** Drops every answer held and every load in flight (after a change that may touch any of them). */
  clear(): void {
    this.forget(() => true);
  }

  /** Drops the settled answers `match` picks, and every load in flight (its answer may predate the change). */
  forget(match: (value: V) => boolean): void {
    if (!this.entries) return;
    const dropped = [...this.entries.entries()].filter(
      ([, entry]) => !entry.settled || match(entry.settled.answer),
    );
    for (const [key] of dropped) this.entries.delete(key);
  }
}
