import { distinctRows } from './home-rows';

const key = (title: string) => title;

describe('distinctRows', () => {
  it('leaves out of each row what the hero and the rows above it show, and takes the next titles instead', () => {
    const [newly, free, popular] = distinctRows(
      [
        { candidates: ['hero', 'a', 'b', 'c'], size: 2 },
        { candidates: ['a', 'b', 'd', 'e', 'f'], size: 2 },
        { candidates: ['hero', 'a', 'b', 'd', 'e', 'g', 'h'], size: 2 },
      ],
      key,
      new Set(['hero']),
    );
    expect(newly).toEqual(['a', 'b']);
    expect(free).toEqual(['d', 'e']);
    expect(popular).toEqual(['g', 'h']);
  });

  it('keeps a chart’s true top entries, and the rows below it leave them out', () => {
    const [newly, top, premium] = distinctRows(
      [
        { candidates: ['a', 'b'], size: 2 },
        { candidates: ['a', 'c', 'd'], size: 2, chart: true },
        { candidates: ['a', 'b', 'c', 'd', 'e'], size: 2 },
      ],
      key,
    );
    expect(newly).toEqual(['a', 'b']);
    expect(top).toEqual(['a', 'c']);
    expect(premium).toEqual(['d', 'e']);
  });

  it('tops a short row up with the titles it left out, in its own order, rather than emptying it', () => {
    const [first, second] = distinctRows(
      [
        { candidates: ['a', 'b', 'c'], size: 3 },
        { candidates: ['c', 'a', 'x', 'b'], size: 3 },
      ],
      key,
    );
    expect(first).toEqual(['a', 'b', 'c']);
    expect(second).toEqual(['x', 'c', 'a']);
  });
});
