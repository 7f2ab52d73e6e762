import { TYPE } from './poster-styles';
import { fitTitle, MIN_TITLE_SIZE, renderPoster, wrapTitle, YEAR_SIZE } from './poster.renderer';

const input = { id: 'a'.repeat(24), title: 'Heat', genre: 'Action', year: 1995 };
const attr = (svg: string, name: string) => new RegExp(`${name}="([^"]*)"`).exec(svg)?.[1];
const titleText = (svg: string) => /<text class="title"([^>]*)>(.*?)<\/text>/.exec(svg);
const lines = (svg: string) =>
  [...(titleText(svg)?.[2] ?? '').matchAll(/<tspan[^>]*>([^<]*)<\/tspan>/g)].map((m) => m[1]);
/** Many made-up titles, long and short, for the rules that hold for every poster. */
const titles = Array.from(
  { length: 40 },
  (_, i) =>
    ['Heat', 'The Lord of the Rings: The Return of the King', 'M*A*S*H', 'Four Weddings and a Funeral', 'Up'][
      i % 5
    ] + (i < 5 ? '' : ` ${i}`),
);

describe('renderPoster', () => {
  it('draws the title, the year and the genre', () => {
    const svg = renderPoster(input);
    expect(svg).toMatch(/^<svg [^>]*width="500" height="750"/);
    expect(lines(svg)).toEqual(['HEAT']); // action is set in capitals
    expect(svg).toMatch(/<text class="year"[^>]*>1995<tspan[^>]*>ACTION<\/tspan><\/text>/);
    expect(attr(svg, 'aria-label')).toBe('Heat (1995)');
  });

  it('is the same for the same title and different between titles', () => {
    expect(renderPoster(input)).toBe(renderPoster(input));
    expect(renderPoster({ ...input, id: 'b'.repeat(24), title: 'Ronin' })).not.toBe(renderPoster(input));
  });

  it.each([
    ['Thriller', [], 'noir'],
    ['Horror', [], 'noir'],
    ['Action', [], 'bold'],
    ['Comedy', [], 'warm'],
    ['Romance', [], 'warm'],
    ['Drama', [], 'quiet'],
    ['Western', [], 'frontier'],
    ['Action', ['Action', 'Sci-Fi'], 'cosmic'],
  ])('draws a %s title (genres %j) in the %s family', (genre, genres, family) => {
    expect(attr(renderPoster({ ...input, genre, genres }), 'data-family')).toBe(family);
  });

  it('sets thrillers in condensed capitals, action in condensed capitals and comedy in a heavy sans', () => {
    const title = (genre: string) => titleText(renderPoster({ ...input, title: 'Ronin', genre }))?.[1] ?? '';
    expect(title('Thriller')).toContain(`font-family="${TYPE.noir.family}"`);
    expect(title('Action')).toContain('font-stretch="condensed"');
    expect(title('Comedy')).toContain('font-weight="800"');
    expect(lines(renderPoster({ ...input, title: 'Ronin', genre: 'Comedy' }))).toEqual(['Ronin']);
  });

  it.each([
    [1955, 'classic'],
    [1975, 'seventies'],
    [1985, 'eighties'],
    [2005, 'modern'],
    [null, 'modern'],
  ])('dresses a poster from %p as %s (a framed serif before 1970)', (year, era) => {
    const svg = renderPoster({ ...input, year });
    expect(attr(svg, 'data-era')).toBe(era);
    expect(titleText(svg)?.[1].includes('Georgia')).toBe(era === 'classic');
  });

  it('varies palette, placement and motif within one genre and decade', () => {
    const looks = new Set(
      titles.map((title, i) => {
        const svg = renderPoster({ ...input, id: String(i).padStart(24, '0'), title, genre: 'Thriller' });
        return [attr(svg, 'stop-color'), attr(svg.slice(svg.indexOf('class="year"')), 'y')].join();
      }),
    );
    expect(looks.size).toBeGreaterThanOrEqual(6);
  });

  it('keeps title and year legible at card size: the title never below the floor size nor over four lines', () => {
    for (const genre of ['Thriller', 'Action', 'Comedy', 'Drama', 'Western', 'Sci-Fi'])
      titles.forEach((title, i) => {
        const svg = renderPoster({ id: String(i).padStart(24, '0'), title, genre, year: 1950 + i });
        const size = Number(attr(titleText(svg)?.[1] ?? '', 'font-size'));
        expect(size).toBeGreaterThanOrEqual(MIN_TITLE_SIZE);
        expect(svg).toContain(`font-size="${YEAR_SIZE}"`);
        expect(svg).toContain(`>${1950 + i}<`);
        expect(lines(svg).length).toBeLessThanOrEqual(4);
      });
  });

  it('escapes markup in titles and genres, in text and in attributes', () => {
    const svg = renderPoster({ ...input, title: 'Tom & Jerry <3 "quoted"', genre: 'Drama<script>' });
    expect(svg).toContain('Tom &amp; Jerry &lt;3');
    expect(svg).toContain('DRAMA&lt;SCRIPT&gt;');
    expect(attr(svg, 'aria-label')).toBe('Tom &amp; Jerry &lt;3 &quot;quoted&quot; (1995)');
    expect(svg).not.toContain('<3');
    expect(svg).not.toContain('<script');
    // Between tags only text and entities remain.
    const text = svg.replace(/<[^<>]*>/g, '');
    expect(text).not.toMatch(/[<>]|&(?!(amp|lt|gt|quot|apos);)/);
  });

  it('escapes a markup character drawn as the giant initial', () => {
    const svg = renderPoster({ ...input, title: '&', genre: 'Action' });
    expect(svg.replace(/<[^<>]*>/g, '')).not.toMatch(/&(?!(amp|lt|gt|quot|apos);)/);
  });
});

describe('fitTitle', () => {
  it('lets a short title fill the width and sets a long one on more lines at a smaller size', () => {
    const short = fitTitle('HEAT', TYPE.bold, 150, 300);
    const long = fitTitle('THE LORD OF THE RINGS: THE RETURN OF THE KING', TYPE.bold, 150, 300);
    expect(short.lines).toEqual(['HEAT']);
    expect(short.size * 4 * TYPE.bold.width).toBeCloseTo(420, -1); // the width of the poster inside its margins
    expect(long.lines.length).toBeGreaterThan(2);
    expect(long.size).toBeLessThan(short.size);
  });

  it('keeps words whole when some wrap allows it', () => {
    expect(fitTitle('Philadelphia', TYPE.quiet, 84, 300).lines).toEqual(['Philadelphia']);
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
    const cut = wrapTitle(
      'one two three four five six seven eight nine ten eleven twelve thirteen fourteen',
      10,
    );
    expect(cut).toHaveLength(4);
    expect(cut[3].endsWith('…')).toBe(true);
  });
});
