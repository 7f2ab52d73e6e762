/**
 * The k best (index, score) pairs of a stream, in a fixed-size min-heap over typed arrays: O(log k) per accepted
 * candidate, O(1) per rejected one, no allocation per candidate. Reusable: `clear()` between streams.
 * Ties go to the lower index so results do not depend on the order candidates arrive in.
 */
export class TopK {
  private readonly indices: Int32Array;
  private readonly scores: Float64Array;
  private size = 0;

  constructor(private readonly k: number) {
    this.indices = new Int32Array(Math.max(k, 1));
    this.scores = new Float64Array(Math.max(k, 1));
  }

  clear() {
    this.size = 0;
  }

  /** Whether (a, sa) ranks below (b, sb). */
  private static worse(sa: number, a: number, sb: number, b: number) {
    return sa < sb || (sa === sb && a > b);
  }

  push(index: number, score: number) {
    if (this.k <= 0) return;
    const { indices, scores } = this;
    if (this.size < this.k) {
      let at = this.size++;
      while (at > 0) {
        const parent = (at - 1) >> 1;
        if (!TopK.worse(score, index, scores[parent], indices[parent])) break;
        indices[at] = indices[parent];
        scores[at] = scores[parent];
        at = parent;
      }
      indices[at] = index;
      scores[at] = score;
      return;
    }
    if (!TopK.worse(scores[0], indices[0], score, index)) return;
    // Replace the worst (the root) and sift down.
    let at = 0;
    for (;;) {
      const left = 2 * at + 1;
      if (left >= this.size) break;
      const right = left + 1;
      const child =
        right < this.size && TopK.worse(scores[right], indices[right], scores[left], indices[left])
          ? right
          : left;
      if (!TopK.worse(scores[child], indices[child], score, index)) break;
      indices[at] = indices[child];
      scores[at] = scores[child];
      at = child;
    }
    indices[at] = index;
    scores[at] = score;
  }

  /** The kept pairs, best first. */
  sorted(): Array<[index: number, score: number]> {
    const out: Array<[number, number]> = [];
    for (let i = 0; i < this.size; i++) out.push([this.indices[i], this.scores[i]]);
    return out.sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  }
}
