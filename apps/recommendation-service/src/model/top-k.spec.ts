import { TopK } from './top-k';

describe('TopK', () => {
  it('keeps the k best, best first, ties to the lower index whatever the arrival order', () => {
    const scores = [0.3, 0.9, 0.1, 0.9, 0.5, 0.7, 0.2, 0.7];
    const expected = [
      [1, 0.9],
      [3, 0.9],
      [5, 0.7],
      [7, 0.7],
    ];
    const forwards = new TopK(4);
    scores.forEach((s, i) => forwards.push(i, s));
    const backwards = new TopK(4);
    [...scores.keys()].reverse().forEach((i) => backwards.push(i, scores[i]));
    expect(forwards.sorted()).toEqual(expected);
    expect(backwards.sorted()).toEqual(expected);
    forwards.clear();
    expect(forwards.sorted()).toEqual([]);
  });

  it('matches a full sort on random input', () => {
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    const scores = Array.from({ length: 500 }, () => Math.round(random() * 50) / 50);
    const top = new TopK(25);
    scores.forEach((s, i) => top.push(i, s));
    const sorted = scores
      .map((s, i): [number, number] => [i, s])
      .sort((a, b) => b[1] - a[1] || a[0] - b[0])
      .slice(0, 25);
    expect(top.sorted()).toEqual(sorted);
  });
});
