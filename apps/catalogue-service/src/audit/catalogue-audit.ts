import { AuditAction, AuditTargetType } from '@app/contracts';
import type { AuditNote } from '@app/server-core';
import type { StoredMovie } from '../movies/movies.repository';
import type { StoredEpisode } from '../series/episodes.repository';
import type { StoredSeries } from '../series/series.repository';

/**
 * The audit log's entries for an admin's catalogue changes that touch what viewers can watch or pay (issue 22,
 * finding 6): publishing and deleting movies and series, removing episodes (their media go with them), and a
 * movie's prices or access. The services record them through server-core's AuditTrail, one line each.
 */
const title = (id: string, name: string) => ({ type: AuditTargetType.Title, id, name });

type Priced = Pick<StoredMovie, 'access' | 'purchasePriceInr' | 'rentalPriceInr'>;
const pricing = ({ access, purchasePriceInr, rentalPriceInr }: Priced) =>
  `${access}, buy ₹${purchasePriceInr}, rent ₹${rentalPriceInr}`;

export const moviePublished = (movie: StoredMovie): AuditNote => ({
  action: AuditAction.MoviePublish,
  target: title(movie._id.toHexString(), movie.title),
  detail: `published movie ${movie.title}`,
  before: 'draft',
  after: 'published',
});

export const movieDeleted = (id: string, name: string): AuditNote => ({
  action: AuditAction.MovieDelete,
  target: title(id, name),
  detail: `deleted movie ${name} (its reviews and media too)`,
  before: 'in the catalogue',
  after: 'deleted',
});

/** What an edit of a movie is audited as: its publication and a change of its prices or access. */
export const movieEdited = (before: StoredMovie, after: StoredMovie, published: boolean): AuditNote[] => [
  ...(published ? [moviePublished(after)] : []),
  ...(pricing(before) === pricing(after)
    ? []
    : [
        {
          action: AuditAction.MoviePriceChange,
          target: title(after._id.toHexString(), after.title),
          detail: `changed the price or access of ${after.title}`,
          before: pricing(before),
          after: pricing(after),
        },
      ]),
];

export const seriesPublished = (series: StoredSeries, episodes: number): AuditNote => ({
  action: AuditAction.SeriesPublish,
  target: title(series._id.toHexString(), series.title),
  detail: `published series ${series.title} with ${episodes} episodes`,
  before: 'draft',
  after: 'published',
});

export const seriesDeleted = (id: string, name: string, episodes: number): AuditNote => ({
  action: AuditAction.SeriesDelete,
  target: title(id, name),
  detail: `deleted series ${name} and its ${episodes} episodes (their media too)`,
  before: 'in the catalogue',
  after: 'deleted',
});

/** One episode removed (its media and viewers' progress in it go too). */
export const episodeDeleted = (episode: StoredEpisode): AuditNote => ({
  action: AuditAction.EpisodeDelete,
  target: title(episode._id.toHexString(), episode.title),
  detail: `deleted episode S${episode.seasonNumber}E${episode.number} ${episode.title}`,
  before: 'in the catalogue',
  after: 'deleted',
});

/** A season removed with its episodes: one entry, on the series. */
export const seasonDeleted = (series: StoredSeries, seasonNumber: number, episodes: number): AuditNote => ({
  action: AuditAction.EpisodeDelete,
  target: title(series._id.toHexString(), series.title),
  detail: `deleted season ${seasonNumber} of ${series.title} and its ${episodes} episodes (their media too)`,
  before: `season ${seasonNumber} in the catalogue`,
  after: `season ${seasonNumber} deleted`,
});
