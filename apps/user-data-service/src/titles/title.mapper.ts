import type { TitleSnapshot } from '@app/contracts';
import type { StoredTitle } from './titles.repository';

/** A title no catalogue event has told this service about: shown, not failed. */
export const UNKNOWN_TITLE: TitleSnapshot = {
  title: 'Unknown title',
  posterUrl: '',
  genre: 'Unknown',
  rating: null,
};

export const toTitleSnapshot = (record: StoredTitle | undefined): TitleSnapshot =>
  record
    ? { title: record.title, posterUrl: record.posterUrl, genre: record.genre, rating: record.rating ?? null }
    : UNKNOWN_TITLE;
