import { acceptsTitleMatch, notAvailable, ratingOf } from './rating-match';

const hit = {
  Response: 'True' as const,
  Title: 'The Matrix',
  Year: '1999',
  imdbRating: '8.7',
  imdbVotes: '2,100,000',
  imdbID: 'tt0133093',
};

describe('acceptsTitleMatch (SPEC 5)', () => {
  it.each([
    ['same title and year', { title: 'The Matrix', year: 1999 }, hit, true],
    ['case and spaces differ', { title: '  the MATRIX ', year: 1999 }, hit, true],
    ['year unknown', { title: 'The Matrix', year: null }, hit, true],
    ['year differs', { title: 'The Matrix', year: 2003 }, hit, false],
    ['title differs', { title: 'The Matrix Reloaded', year: 1999 }, hit, false],
    ['series year range', { title: 'The Matrix', year: 1999 }, { ...hit, Year: '1999–2003' }, true],
    [
      'no answer',
      { title: 'The Matrix', year: 1999 },
      { Response: 'False' as const, Error: 'Movie not found!' },
      false,
    ],
  ])('%s → %p', (_, movie, answer, accepted) => {
    expect(acceptsTitleMatch(movie, answer)).toBe(accepted);
  });
});

describe('ratingOf', () => {
  it('reads rating, votes and imdb id', () => {
    expect(ratingOf(hit, null)).toEqual({ rating: '8.7', votes: '2,100,000', imdbId: 'tt0133093' });
  });

  it("turns OMDb's 'N/A' fields into N/A and null", () => {
    expect(ratingOf({ ...hit, imdbRating: 'N/A', imdbVotes: 'N/A' }, 'tt1')).toEqual({
      rating: 'N/A',
      votes: null,
      imdbId: 'tt0133093',
    });
    expect(notAvailable('tt1')).toEqual({ rating: 'N/A', votes: null, imdbId: 'tt1' });
  });
});
