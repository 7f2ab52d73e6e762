import type { TitleSnapshot } from '@app/contracts';
// From the schema, not the repository: the repository imports UNKNOWN_TITLE from here.
import type { TitleRecord } from './title.schema';

/** A title no catalogue event has told this service about: shown, not failed. */
export const UNKNOWN_TITLE: TitleSnapshot = {
  title: 'Unknown title',
  posterUrl: '',
  genre: 'Unknown',
  rating: null,
};

export const toTitleSnapshot = (record: TitleRecord | undefined): TitleSnapshot =>
  record
    ? { title: record.title, posterUrl: record.posterUrl, genre: record.genre, rating: record.rating ?? null }
    : UNKNOWN_TITLE;
