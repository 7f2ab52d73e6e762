import { renderPoster, wrapTitle } from './poster.renderer';

describe('renderPoster', () => {
  const input = { id: 'a'.repeat(24), title: 'Heat', genre: 'Action', year: 1995 };

  it('draws the title, genre and year', () => {
    const svg = renderPoster(input);
    expect(svg).toMatch(/^<svg [^>]*width="500" height="750"/);
    expect(svg).toContain('>Heat</tspan>');
    expect(svg).toContain('ACTION · 1995');
  });

  it('is the same for the same title and different between titles', () => {
    expect(renderPoster(input)).toBe(renderPoster(input));
    const other = renderPoster({ ...input, id: 'b'.repeat(24), title: 'Ronin' });
    const colours = (svg: string) => svg.match(/hsl\([^)]*\)/g);
    expect(colours(other)).not.toEqual(colours(renderPoster(input)));
  });

  it('escapes markup in titles', () => {
    const svg = renderPoster({ ...input, title: 'Tom & Jerry <3' });
    expect(svg).toContain('Tom &amp; Jerry &lt;3');
    expect(svg).not.toContain('<3');
  });
});

describe('wrapTitle', () => {
  it('wraps words into lines of at most 16 characters', () => {
    expect(wrapTitle('The Lord of the Rings: The Return of the King')).toEqual([
      'The Lord of the',
      'Rings: The',
      'Return of the',
      'King',
    ]);
  });

  it('cuts to four lines with an ellipsis', () => {
    const lines = wrapTitle(
      'one two three four five six seven eight nine ten eleven twelve thirteen fourteen',
      10,
    );
    expect(lines).toHaveLength(4);
    expect(lines[3].endsWith('…')).toBe(true);
  });
});
