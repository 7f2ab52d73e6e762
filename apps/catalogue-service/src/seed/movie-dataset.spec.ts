import type { DatasetRow } from './movie-dataset';
import { cleanDataset, parseReleaseDate, repairMojibake } from './movie-dataset';

const base: DatasetRow = {
  Title: 'Heat',
  'Major Genre': 'Action',
  'Release Date': 'Dec 15 1995',
  'IMDB Rating': 8.26,
  'IMDB Votes': 1000,
};

describe('parseReleaseDate', () => {
  it('reads the data set format as a UTC date', () => {
    expect(parseReleaseDate('Jun 12 1998')?.toISOString()).toBe('1998-06-12T00:00:00.000Z');
  });

  it('moves two-digit years read in the wrong century back (2046 → 1946)', () => {
    expect(parseReleaseDate('Dec 25 2046')?.getUTCFullYear()).toBe(1946);
  });

  it.each([null, undefined, '', 'sometime', 'Feb 31 1990', 'Foo 01 1990'])(
    'drops an impossible date %p',
    (value) => {
      expect(parseReleaseDate(value)).toBeNull();
    },
  );
});

describe('cleanDataset', () => {
  it('drops untitled rows and rows without a genre', () => {
    const movies = cleanDataset([
      { ...base, Title: null },
      { ...base, Title: '  ' },
      { ...base, 'Major Genre': null },
      base,
    ]);
    expect(movies.map((m) => m.title)).toEqual(['Heat']);
  });

  it('keeps numeric titles as text (e.g. "1941")', () => {
    expect(cleanDataset([{ ...base, Title: 1941 }])[0].title).toBe('1941');
  });

  it('normalises genres and adds Sci-Fi from the creative type', () => {
    const [thriller, romcom, scifi] = cleanDataset([
      { ...base, Title: 'A', 'Major Genre': 'Thriller/Suspense' },
      { ...base, Title: 'B', 'Major Genre': 'Romantic Comedy' },
      { ...base, Title: 'C', 'Major Genre': 'Action', 'Creative Type': 'Science Fiction' },
    ]);
    expect(thriller.genre).toBe('Thriller');
    expect(romcom.genre).toBe('Romance');
    expect(scifi.genres).toEqual(['Action', 'Sci-Fi']);
  });

  it('keeps one row per title and year', () => {
    expect(
      cleanDataset([base, { ...base, Title: ' Heat ' }, { ...base, 'Release Date': 'Jan 01 1986' }]),
    ).toHaveLength(2);
  });

  it('rounds ratings to 0.1, derives access (premium at 8+) and default prices', () => {
    const [heat, other, unrated] = cleanDataset([
      base,
      { ...base, Title: 'Other', 'IMDB Rating': 7.96 },
      { ...base, Title: 'Unrated', 'IMDB Rating': null },
    ]);
    expect(heat).toMatchObject({
      rating: 8.3,
      access: 'premium',
      purchasePriceInr: 1200,
      rentalPriceInr: 500,
    });
    expect(other).toMatchObject({ rating: 8, access: 'premium' });
    expect(unrated).toMatchObject({ rating: null, access: 'free' });
  });

  it.each([
    ['G', 'U'],
    ['PG', 'UA7'],
    ['PG-13', 'UA13'],
    ['R', 'A'],
    ['NC-17', 'A'],
    ['Not Rated', 'UA16'],
    ['Open', 'UA16'],
    [null, 'UA16'],
  ])('classifies MPAA %p as %p (issue 25)', (mpaa, classification) => {
    const [movie] = cleanDataset([{ ...base, 'MPAA Rating': mpaa }]);
    expect(movie.classification).toBe(classification);
  });

  it('marks horror films with the horror descriptor, and others with none', () => {
    const [horror, action] = cleanDataset([
      { ...base, Title: 'Scream', 'Major Genre': 'Horror' },
      { ...base, Title: 'Heat', 'Major Genre': 'Action' },
    ]);
    expect(horror.descriptors).toEqual(['horror']);
    expect(action.descriptors).toEqual([]);
  });

  it('writes the overview from what the data set knows', () => {
    const [movie] = cleanDataset([
      {
        ...base,
        Director: 'Michael Mann',
        'Creative Type': 'Contemporary Fiction',
        Source: 'Original Screenplay',
        'MPAA Rating': 'R',
        'Running Time min': 171,
        'Rotten Tomatoes Rating': 86,
      },
    ]);
    expect(movie.description).toBe(
      'A contemporary action film from 1995, directed by Michael Mann, written as an original screenplay. ' +
        'It runs 2 h 51 min. It scores 8.3/10 on IMDb (1,000 votes) and 86% on Rotten Tomatoes.',
    );
  });
});

describe('repairMojibake', () => {
  it.each([
    ['LÈon', 'Léon'],
    ['DÈj‡ Vu', 'Déjà Vu'],
    ['Die F‰lscher', 'Die Fälscher'],
    ['Per qualche dollaro in pi˘', 'Per qualche dollaro in più'],
    ['The Naked Gun 2Ω: The Smell of Fear', 'The Naked Gun 2½: The Smell of Fear'],
    ["I Love You Ö Don't Touch Me!", "I Love You … Don't Touch Me!"],
    ['Alien³', 'Alien³'],
    ['Ri¢hie Ri¢h', 'Ri¢hie Ri¢h'],
    ['Heat', 'Heat'],
  ])('%s → %s', (garbled, meant) => {
    expect(repairMojibake(garbled)).toBe(meant);
  });
});
