import type { SynopsisFacts } from './synopsis';
import { composeSynopsis } from './synopsis';

const none: SynopsisFacts = {
  majorGenre: 'Drama',
  creativeType: null,
  source: null,
  year: null,
  director: null,
  runtimeMinutes: null,
  imdbRating: null,
  imdbVotes: null,
  rottenTomatoes: null,
};

describe('composeSynopsis', () => {
  it('tells every field the data set has, in the viewers’ digit grouping', () => {
    expect(
      composeSynopsis({
        majorGenre: 'Drama',
        creativeType: 'Historical Fiction',
        source: 'Based on Book/Short Story',
        year: 1994,
        director: 'Frank Darabont',
        runtimeMinutes: 142,
        imdbRating: 9.2,
        imdbVotes: 519_541,
        rottenTomatoes: 88,
      }),
    ).toBe(
      'A historical drama from 1994, directed by Frank Darabont, adapted from a book or short story. ' +
        'It runs 2 h 22 min. It scores 9.2/10 on IMDb (5,19,541 votes) and 88% on Rotten Tomatoes.',
    );
  });

  it('leaves out what is not known rather than guessing', () => {
    expect(composeSynopsis(none)).toBe('A drama.');
    expect(composeSynopsis({ ...none, majorGenre: 'Thriller/Suspense', runtimeMinutes: 95 })).toBe(
      'A thriller. It runs 1 h 35 min.',
    );
    expect(composeSynopsis({ ...none, imdbRating: 6.1 })).toBe('A drama. It scores 6.1/10 on IMDb.');
  });

  it.each([
    [
      'Action',
      'Super Hero',
      'Based on Comic/Graphic Novel',
      'A superhero action film, adapted from a comic or graphic novel.',
    ],
    [
      'Adventure',
      'Fantasy',
      'Traditional/Legend/Fairytale',
      'A fantasy adventure film, drawn from a legend or fairy tale.',
    ],
    [
      'Romantic Comedy',
      'Contemporary Fiction',
      'Remake',
      'A contemporary romantic comedy, a remake of an earlier film.',
    ],
    ['Horror', 'Multiple Creative Types', 'Something New', 'A horror film.'],
    ['Concert/Performance', 'Factual', null, 'A factual concert film.'],
  ])('names a %s of creative type %s from source %s', (majorGenre, creativeType, source, expected) => {
    expect(composeSynopsis({ ...none, majorGenre, creativeType, source })).toBe(expected);
  });

  it('says "An" before a vowel', () => {
    expect(composeSynopsis({ ...none, majorGenre: 'Action' })).toBe('An action film.');
  });
});
