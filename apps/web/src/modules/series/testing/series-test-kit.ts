import type {
  Entitlement,
  Episode,
  EpisodeContext,
  EpisodeProgress,
  Season,
  Series,
  SeriesDetail,
  SeriesProgress,
} from '@app/contracts';
import { nextEpisodeAfter } from '@app/contracts';
import type { FakeRoute } from '@web/test/fake-api';

/** The signed-in user of `signInAs` (browse test kit). */
export const USER_ID = '65f0c0ffee00000000000001';
export const SERIES_ID = '65f05e0000000000000000aa';

let sequence = 0;
const nextId = (prefix: string) => {
  sequence += 1;
  return `${prefix}${String(sequence).padStart(24 - prefix.length, '0')}`;
};

export const aSeries = (overrides: Partial<Series> = {}): Series => ({
  id: nextId('65f05e'),
  title: `Series ${sequence}`,
  description: 'A story told in seasons.',
  genre: 'Drama',
  genres: ['Drama'],
  rating: 8.2,
  votes: 900,
  posterUrl: `/generated/series-${sequence}.svg`,
  status: 'published',
  access: 'free',
  firstAirDate: '2021-04-02',
  language: 'hi',
  creators: ['Meera Rao'],
  cast: ['Asha Kapoor', 'Dev Malhotra'],
  tmdbId: null,
  demo: true,
  seasonCount: 2,
  episodeCount: 4,
  publishDate: '2024-01-01T00:00:00.000Z',
  classification: 'UA16',
  descriptors: ['violence'],
  ...overrides,
});

export const anEpisode = (overrides: Partial<Episode> = {}): Episode => ({
  id: nextId('65f0e9'),
  seriesId: SERIES_ID,
  seasonNumber: 1,
  number: 1,
  title: `Episode ${sequence}`,
  overview: 'Things happen.',
  runtimeMinutes: 42,
  airDate: '2021-04-02',
  stillUrl: null,
  intro: null,
  mediaReady: true,
  mediaSeconds: 42 * 60,
  ...overrides,
});

const aSeason = (number: number, episodes: Episode[]): Season => ({
  number,
  title: `Season ${number}`,
  overview: '',
  airDate: null,
  episodes,
});

/**
 * "The Long Monsoon": season 1 with "Arrival" (S1:E1, an intro from 5 s to 35 s) and "Rain" (S1:E2), season 2
 * with "Flood" (S2:E1) and "Harvest" (S2:E2, the last).
 */
export const aShow = (overrides: Partial<SeriesDetail> = {}): SeriesDetail => {
  const s1 = [
    anEpisode({ seasonNumber: 1, number: 1, title: 'Arrival', intro: { startSeconds: 5, endSeconds: 35 } }),
    anEpisode({ seasonNumber: 1, number: 2, title: 'Rain', stillUrl: '/stills/rain.jpg' }),
  ];
  const s2 = [
    anEpisode({ seasonNumber: 2, number: 1, title: 'Flood', airDate: '2023-05-01' }),
    anEpisode({ seasonNumber: 2, number: 2, title: 'Harvest', airDate: '2023-05-08' }),
  ];
  return {
    ...aSeries({ id: SERIES_ID, title: 'The Long Monsoon' }),
    seasons: [aSeason(1, s1), aSeason(2, s2)],
    ...overrides,
  };
};

export const episodesOf = (show: SeriesDetail): Episode[] =>
  show.seasons.flatMap((season) => season.episodes);

/** The one episode of `show` at "S{season}:E{number}". */
export const episodeAt = (show: SeriesDetail, season: number, number: number): Episode => {
  const found = episodesOf(show).find(
    (episode) => episode.seasonNumber === season && episode.number === number,
  );
  if (!found) throw new Error(`no S${season}:E${number}`);
  return found;
};

/** The viewer's progress in an episode, as `GET /api/users/{id}/series/{seriesId}/progress` lists it. */
export const progressIn = (
  episode: Episode,
  { percent, at = '2026-03-01T20:00:00.000Z' }: { percent: number; at?: string },
): EpisodeProgress => ({
  episodeId: episode.id,
  seasonNumber: episode.seasonNumber,
  episodeNumber: episode.number,
  positionSeconds: (percent / 100) * 2520,
  durationSeconds: 2520,
  progressPercent: percent,
  finished: percent >= 90,
  lastWatchedAt: at,
});

/** What the fake gateway holds for the TV-show routes. */
export type SeriesData = {
  list: Series[];
  genres: string[];
  shows: SeriesDetail[];
  progress: EpisodeProgress[];
  /** `GET /api/entitlements/{seriesId}`; undefined answers 404. */
  entitlement?: Entitlement;
};

export const seriesData = (overrides: Partial<SeriesData> = {}): SeriesData => ({
  list: [],
  genres: ['Drama', 'Comedy'],
  shows: [],
  progress: [],
  ...overrides,
});

const notFound = (message: string) => ({
  status: 404,
  body: { code: 'NOT_FOUND', message, correlationId: 't' },
});

/** The gateway's TV-show routes over `data` (issue 13): list (search, genre), genres, a series, an episode, progress. */
export const seriesRoutes =
  (data: SeriesData, userId = USER_ID): FakeRoute =>
  (_request, url) => {
    const path = url.pathname;
    if (path === '/api/series') {
      const search = (url.searchParams.get('search') ?? '').toLowerCase();
      const genre = url.searchParams.get('genre') ?? '';
      const matching = data.list.filter(
        (series) => series.title.toLowerCase().includes(search) && (!genre || series.genres.includes(genre)),
      );
      const page = Number(url.searchParams.get('page') ?? 1);
      const pageSize = Number(url.searchParams.get('pageSize') ?? 24);
      const body = {
        data: matching.slice((page - 1) * pageSize, page * pageSize),
        page,
        pageSize,
        total: matching.length,
      };
      return { status: 200, body };
    }
    if (path === '/api/series/genres') return { status: 200, body: data.genres };
    const seriesId = /^\/api\/series\/([^/]+)$/.exec(path)?.[1];
    if (seriesId) {
      const show = data.shows.find((candidate) => candidate.id === seriesId);
      return show ? { status: 200, body: show } : notFound('Series not found');
    }
    const episodeId = /^\/api\/episodes\/([^/]+)$/.exec(path)?.[1];
    if (episodeId) {
      for (const show of data.shows) {
        const episodes = episodesOf(show);
        const episode = episodes.find((candidate) => candidate.id === episodeId);
        if (!episode) continue;
        const { seasons: _seasons, ...series } = show;
        const context: EpisodeContext = { episode, series, next: nextEpisodeAfter(episodes, episode) };
        return { status: 200, body: context };
      }
      return notFound('Episode not found');
    }
    const progressOf = new RegExp(`^/api/users/${userId}/series/([^/]+)/progress$`).exec(path)?.[1];
    if (progressOf) {
      const body: SeriesProgress = {
        seriesId: progressOf,
        episodes: data.progress.filter((entry) =>
          data.shows.some(
            (show) => show.id === progressOf && episodesOf(show).some((e) => e.id === entry.episodeId),
          ),
        ),
      };
      return { status: 200, body };
    }
    if (path.startsWith('/api/entitlements/'))
      return data.entitlement ? { status: 200, body: data.entitlement } : notFound('Movie not found');
    return undefined;
  };
