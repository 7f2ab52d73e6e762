import type { StoredTitle } from './title.schema';

/** The stored fields a title's card is made of (its director and release date are the kind's own). */
export type TitleCardSource = Pick<
  StoredTitle,
  '_id' | 'title' | 'genre' | 'posterUrl' | 'rating' | 'access' | 'cast' | 'classification' | 'availableUntil'
>;

/**
 * What a title's events carry, after its id, for the services that keep a card of it (list snapshots, the
 * recommender): a film's and a series' cards have the same fields. The class lets them keep a profile's ceiling
 * (DECISIONS 37) on their own lists; a reclassification is a `*.updated` event like any other edit.
 */
export const titleCard = (title: TitleCardSource, director: string | null, released: Date | null) => ({
  title: title.title,
  genre: title.genre,
  posterUrl: title.posterUrl,
  rating: title.rating,
  access: title.access,
  classification: title.classification,
  director,
  cast: title.cast ?? [],
  releaseYear: released ? released.getUTCFullYear() : null,
  // Issue 28: consumers' lists (the recommender's) leave the title out from then.
  availableUntil: title.availableUntil ? title.availableUntil.toISOString() : null,
});

/** What a `*.published` event adds to the card; `demo` marks the seed's titles (streaming maps them to samples). */
export const publication = (publishDate: Date | null, demo: boolean) => ({
  publishDate: (publishDate ?? new Date()).toISOString(),
  ...(demo ? { demo: true as const } : {}),
});
