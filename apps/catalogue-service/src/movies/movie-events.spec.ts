import { Types } from 'mongoose';
import { Classification, MovieAccess, MovieStatus } from '@app/contracts';
import { moviePublishedEvent, movieUpdatedEvent } from './movie-events';

describe('movie events', () => {
  const _id = new Types.ObjectId();
  const publishDate = new Date('2025-03-01T10:00:00.000Z');
  const movie = {
    _id,
    title: 'Lagaan',
    genre: 'Drama',
    posterUrl: 'https://images.example.in/lagaan.jpg',
    rating: 8.1,
    access: MovieAccess.Premium,
    classification: Classification.UA13,
    director: 'Ashutosh Gowariker',
    cast: ['Aamir Khan', 'Gracy Singh'],
    releaseDate: new Date('2001-06-15T00:00:00.000Z'),
    publishDate,
    status: MovieStatus.Published,
  };
  const card = {
    movieId: _id.toHexString(),
    title: 'Lagaan',
    genre: 'Drama',
    posterUrl: 'https://images.example.in/lagaan.jpg',
    rating: 8.1,
    access: 'premium',
    // The class travels with the card, so every list a profile reads can keep its ceiling (issue 25).
    classification: 'UA13',
    director: 'Ashutosh Gowariker',
    cast: ['Aamir Khan', 'Gracy Singh'],
    releaseYear: 2001,
    availableUntil: null,
  };

  describe('moviePublishedEvent', () => {
    it('carries the id as hex, the card of the title and the publish date as ISO', () => {
      expect(moviePublishedEvent(movie)).toEqual({ ...card, publishDate: '2025-03-01T10:00:00.000Z' });
    });

    it('carries what a title does not have as null or empty, never as a made-up value', () => {
      const bare = { ...movie, rating: null, director: null, cast: [], releaseDate: null };
      expect(moviePublishedEvent(bare)).toMatchObject({
        rating: null,
        director: null,
        cast: [],
        releaseYear: null,
      });
    });

    it('takes the release year in UTC (a 1 January release stays in its year)', () => {
      const newYear = { ...movie, releaseDate: new Date('1975-01-01T00:00:00.000Z') };
      expect(moviePublishedEvent(newYear).releaseYear).toBe(1975);
    });

    it("marks the seed's demo titles, and only when asked", () => {
      expect(moviePublishedEvent(movie, { demo: true }).demo).toBe(true);
      expect(moviePublishedEvent(movie)).not.toHaveProperty('demo');
      expect(moviePublishedEvent(movie, { demo: false })).not.toHaveProperty('demo');
    });

    it('dates a title without a publish date now', () => {
      jest.useFakeTimers({ now: new Date('2025-06-01T00:00:00.000Z') });
      try {
        expect(moviePublishedEvent({ ...movie, publishDate: null }).publishDate).toBe(
          '2025-06-01T00:00:00.000Z',
        );
      } finally {
        jest.useRealTimers();
      }
    });
  });

  describe('movieUpdatedEvent', () => {
    it('carries the same card and the status, nothing else', () => {
      expect(movieUpdatedEvent({ ...movie, status: MovieStatus.Draft })).toEqual({
        ...card,
        status: 'draft',
      });
    });
  });
});
