import type { Playable, TitleFacts } from '@app/contracts';
import { DEFAULT_PURCHASE_PRICE_INR, DEFAULT_RENTAL_PRICE_INR, episodeLabel } from '@app/contracts';
import type { StoredMovie } from '../movies/movies.repository';
import type { StoredEpisode } from './episodes.repository';
import type { StoredSeries } from './series.repository';

/** What access to a film depends on: its access and its prices. */
export const movieFacts = (movie: StoredMovie): TitleFacts => ({
  movieId: movie._id.toHexString(),
  title: movie.title,
  access: movie.access,
  purchasePriceInr: movie.purchasePriceInr,
  rentalPriceInr: movie.rentalPriceInr,
  kind: 'movie',
  availableUntil: movie.availableUntil ? movie.availableUntil.toISOString() : null,
});

/**
 * What access to a series (and each of its episodes) depends on: its access alone. A series is never bought or
 * rented (`kind: 'series'` tells payment-service so); the prices only fill the contract's required fields.
 */
export const seriesFacts = (series: StoredSeries): TitleFacts => ({
  movieId: series._id.toHexString(),
  title: series.title,
  access: series.access,
  purchasePriceInr: DEFAULT_PURCHASE_PRICE_INR,
  rentalPriceInr: DEFAULT_RENTAL_PRICE_INR,
  kind: 'series',
  availableUntil: series.availableUntil ? series.availableUntil.toISOString() : null,
});

/** The card of a title (for an episode, its series'), with its class and content descriptors. */
const cardOf = ({ posterUrl, genre, rating, classification, descriptors }: StoredMovie | StoredSeries) => ({
  posterUrl,
  genre,
  rating,
  classification,
  // Shown as playback starts (issue 25); none on a title stored before descriptors.
  descriptors: descriptors ?? [],
});

export const moviePlayable = (movie: StoredMovie): Playable => ({
  id: movie._id.toHexString(),
  title: movie.title,
  ...cardOf(movie),
  facts: movieFacts(movie),
  episode: null,
});

export const seriesPlayable = (series: StoredSeries): Playable => ({
  id: series._id.toHexString(),
  title: series.title,
  ...cardOf(series),
  facts: seriesFacts(series),
  episode: null,
});

/** "{Series} · S1:E2 · {Episode}", with its series' facts. */
export const episodePlayable = (episode: StoredEpisode, series: StoredSeries): Playable => ({
  id: episode._id.toHexString(),
  title: `${series.title} · ${episodeLabel(episode)} · ${episode.title}`,
  ...cardOf(series),
  facts: seriesFacts(series),
  episode: {
    seriesId: series._id.toHexString(),
    seasonNumber: episode.seasonNumber,
    episodeNumber: episode.number,
  },
});
