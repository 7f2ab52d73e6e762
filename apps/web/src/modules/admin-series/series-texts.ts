import type { Season } from '@app/contracts';
import type { TFunction } from 'i18next';
import { formatDate } from '@web/shared/i18n/format';

type T = TFunction<'adminSeries'>;

/** "2 seasons · 8 episodes". */
export const countsText = (t: T, seasons: number, episodes: number): string =>
  `${t('seasonCount', { count: seasons })} · ${t('episodeCount', { count: episodes })}`;

/** What goes with a series or season removed ("Its 8 episodes go with it."); nothing when it has none. */
export const episodesGoWithIt = (t: T, episodes: number): string | null =>
  episodes === 0 ? null : t('episodesGoWithIt', { count: episodes });

/** A season by its number, and its title when it has one of its own (the server names an untitled one "Season n"). */
export const seasonHeading = (t: T, { number, title }: Pick<Season, 'number' | 'title'>): string =>
  title === `Season ${number}`
    ? t('editor.seasonLabel', { number })
    : t('editor.seasonHeading', { number, title });

/** An air date (a calendar day) in the language shown: '5 Jan 2024'. */
export const airDate = (day: string): string =>
  formatDate(day.slice(0, 10), { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
