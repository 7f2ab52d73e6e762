import type { Movie } from '@app/contracts';
import { categoriesOf } from '@app/contracts';
import { scheduleOf } from '../titles/title-schedule';
import type { StoredMovie } from './movies.repository';

const isoDate = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : null);

export const toMovie = (doc: StoredMovie): Movie => {
  const genres = doc.genres?.length ? doc.genres : [doc.genre];
  return {
    id: doc._id.toString(),
    title: doc.title,
    description: doc.description,
    genre: doc.genre,
    genres,
    category: categoriesOf(genres),
    rating: doc.rating,
    votes: doc.votes,
    posterUrl: doc.posterUrl,
    status: doc.status,
    access: doc.access,
    purchasePriceInr: doc.purchasePriceInr,
    rentalPriceInr: doc.rentalPriceInr,
    releaseDate: isoDate(doc.releaseDate),
    runtimeMinutes: doc.runtimeMinutes,
    language: doc.language,
    director: doc.director,
    writers: doc.writers ?? [],
    cast: doc.cast ?? [],
    awards: doc.awards ?? null,
    imdbId: doc.imdbId,
    tmdbId: doc.tmdbId ?? null,
    budgetUsd: doc.budgetUsd,
    revenueUsd: doc.revenueUsd,
    publishDate: doc.publishDate ? doc.publishDate.toISOString() : null,
    mediaReady: doc.mediaReady ?? false,
    audioLanguages: doc.audioLanguages ?? [],
    subtitleLanguages: doc.subtitleLanguages ?? [],
    classification: doc.classification,
    descriptors: doc.descriptors ?? [],
    ...scheduleOf(doc),
  };
};
