import { Classification, MovieStatus } from '@app/contracts';
import { episodePublishedEvent, seriesPublishedEvent, seriesUpdatedEvent } from './series-events';
import { aSeries, anEpisode } from './series.fixtures';

describe('series events', () => {
  const series = aSeries({
    title: 'Panchayat',
    genre: 'Comedy',
    posterUrl: 'https://images.example.in/p.jpg',
    rating: 8.9,
    classification: Classification.UA7,
    creators: ['Deepak Kumar Mishra', 'Chandan Kumar'],
    cast: ['Jitendra Kumar'],
    firstAirDate: new Date('2020-01-01T00:00:00.000Z'),
    publishDate: new Date('2025-03-01T10:00:00.000Z'),
  });
  const card = {
    seriesId: series._id.toHexString(),
    title: 'Panchayat',
    genre: 'Comedy',
    posterUrl: 'https://images.example.in/p.jpg',
    rating: 8.9,
    access: 'premium',
    classification: 'UA7',
    director: 'Deepak Kumar Mishra',
    cast: ['Jitendra Kumar'],
    releaseYear: 2020,
    availableUntil: null,
  };

  it('series.published carries the card (first creator as director, first-air year in UTC) and the date', () => {
    expect(seriesPublishedEvent(series)).toEqual({ ...card, publishDate: '2025-03-01T10:00:00.000Z' });
  });

  it('marks demo series, and only them', () => {
    expect(seriesPublishedEvent({ ...series, demo: true }).demo).toBe(true);
    expect(seriesPublishedEvent(series)).not.toHaveProperty('demo');
  });

  it('carries what a series lacks as null, never a made-up value', () => {
    expect(seriesPublishedEvent({ ...series, creators: [], rating: null, firstAirDate: null })).toMatchObject(
      {
        director: null,
        rating: null,
        releaseYear: null,
      },
    );
  });

  it('series.updated carries the card and the status', () => {
    expect(seriesUpdatedEvent({ ...series, status: MovieStatus.Draft })).toEqual({
      ...card,
      status: 'draft',
    });
  });

  it('episode.published names the episode by series, season and number, demo from its series', () => {
    const episode = anEpisode(series, 2, 5, { title: 'Flood', runtimeMinutes: null });
    expect(episodePublishedEvent(episode, series)).toEqual({
      episodeId: episode._id.toHexString(),
      seriesId: series._id.toHexString(),
      seasonNumber: 2,
      episodeNumber: 5,
      title: 'Flood',
      runtimeMinutes: null,
    });
    expect(episodePublishedEvent(episode, { demo: true })).toMatchObject({ demo: true });
  });
});
