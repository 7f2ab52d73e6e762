import { Types } from 'mongoose';
import { moviePublishedEvent } from './movie-events';

describe('moviePublishedEvent', () => {
  const _id = new Types.ObjectId();

  it('carries the id as hex, the title, the primary genre and the publish date as ISO', () => {
    const publishDate = new Date('2025-03-01T10:00:00.000Z');
    expect(moviePublishedEvent({ _id, title: 'Lagaan', genre: 'Drama', publishDate })).toEqual({
      movieId: _id.toHexString(),
      title: 'Lagaan',
      genre: 'Drama',
      publishDate: '2025-03-01T10:00:00.000Z',
    });
  });

  it("marks the seed's demo titles, and only when asked", () => {
    const publishDate = new Date('2025-03-01T10:00:00.000Z');
    const movie = { _id, title: 'Lagaan', genre: 'Drama', publishDate };
    expect(moviePublishedEvent(movie, { demo: true }).demo).toBe(true);
    expect(moviePublishedEvent(movie)).not.toHaveProperty('demo');
    expect(moviePublishedEvent(movie, { demo: false })).not.toHaveProperty('demo');
  });

  it('dates a title without a publish date now', () => {
    jest.useFakeTimers({ now: new Date('2025-06-01T00:00:00.000Z') });
    try {
      expect(
        moviePublishedEvent({ _id, title: 'Sholay', genre: 'Action', publishDate: null }).publishDate,
      ).toBe('2025-06-01T00:00:00.000Z');
    } finally {
      jest.useRealTimers();
    }
  });
});
