import type { Movie, Page } from '@app/contracts';

let sequence = 0;

export const aMovie = (overrides: Partial<Movie> = {}): Movie => {
  sequence += 1;
  return {
    id: `65f0c0ffee${String(sequence).padStart(14, '0')}`,
    title: `Movie ${sequence}`,
    description: 'A story worth watching.',
    genre: 'Drama',
    genres: ['Drama'],
    rating: 7.4,
    votes: 1200,
    posterUrl: `/generated/${sequence}.svg`,
    status: 'published',
    access: 'free',
    purchasePriceInr: 1200,
    rentalPriceInr: 500,
    releaseDate: '1994-09-23',
    runtimeMinutes: 120,
    language: 'en',
    director: 'A. Director',
    imdbId: null,
    budgetUsd: null,
    revenueUsd: null,
    publishDate: '2024-01-01T00:00:00.000Z',
    writers: [],
    cast: [],
    awards: null,
    category: ['drama'],
    tmdbId: null,
    mediaReady: true,
    classification: 'UA13',
    descriptors: ['violence', 'language'],
    ...overrides,
  };
};

export const aPage = <T>(data: T[]): Page<T> => ({ data, page: 1, pageSize: 24, total: data.length });
