import { Types } from 'mongoose';
import { Classification, MovieAccess, MovieStatus } from '@app/contracts';
import type { StoredEpisode } from './episodes.repository';
import type { StoredSeries } from './series.repository';

/** Unit-test records (the integration suites use `catalogueContext`'s factories against a real database). */
export const aSeries = (overrides: Partial<StoredSeries> = {}): StoredSeries => ({
  _id: new Types.ObjectId(),
  title: 'Panchayat',
  titleNormalized: 'panchayat',
  description: 'A village office.',
  genre: 'Comedy',
  genres: ['Comedy'],
  rating: 8.9,
  votes: 100,
  posterUrl: 'https://images.example.in/panchayat.jpg',
  status: MovieStatus.Published,
  access: MovieAccess.Premium,
  classification: Classification.UA13,
  descriptors: [],
  firstAirDate: new Date('2020-04-03T00:00:00.000Z'),
  language: 'hi',
  creators: ['Deepak Kumar Mishra'],
  cast: ['Jitendra Kumar'],
  demo: false,
  seasons: [
    { number: 2, title: 'Season 2', overview: '', airDate: null },
    { number: 1, title: 'Season 1', overview: '', airDate: null },
  ],
  publishDate: new Date('2025-01-01T00:00:00.000Z'),
  popularity: 0,
  ...overrides,
});

export const anEpisode = (
  series: Pick<StoredSeries, '_id'>,
  seasonNumber: number,
  number: number,
  overrides: Partial<StoredEpisode> = {},
): StoredEpisode => ({
  _id: new Types.ObjectId(),
  seriesId: series._id,
  seasonNumber,
  number,
  title: `Episode ${seasonNumber}.${number}`,
  overview: '',
  runtimeMinutes: 30,
  airDate: null,
  stillUrl: null,
  intro: null,
  mediaReady: false,
  mediaDurationSeconds: null,
  mediaReadyAt: null,
  ...overrides,
});
