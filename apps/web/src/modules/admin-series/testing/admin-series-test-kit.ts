import {
  type Episode,
  ErrorCode,
  type Season,
  type Series,
  type SeriesDetail,
  SeriesMessages,
} from '@app/contracts';
import type { FakeRoute } from '@web/test/fake-api';

let sequence = 0;
const nextId = () => {
  sequence += 1;
  return `65f0c0ffee${String(sequence).padStart(14, '0')}`;
};

export const aSeries = (overrides: Partial<SeriesDetail> = {}): SeriesDetail => ({
  id: nextId(),
  title: 'A Series',
  description: 'Episodes worth watching.',
  genre: 'Drama',
  genres: ['Drama'],
  rating: 7.9,
  votes: null,
  posterUrl: '/generated/series.svg',
  status: 'draft',
  access: 'free',
  firstAirDate: null,
  language: null,
  creators: [],
  cast: [],
  tmdbId: null,
  demo: false,
  seasonCount: 0,
  episodeCount: 0,
  publishDate: null,
  classification: 'UA7',
  descriptors: [],
  seasons: [],
  ...overrides,
});

export const anEpisode = (overrides: Partial<Episode> & Pick<Episode, 'seriesId'>): Episode => ({
  id: nextId(),
  seasonNumber: 1,
  number: 1,
  title: 'Pilot',
  overview: '',
  runtimeMinutes: null,
  airDate: null,
  stillUrl: null,
  intro: null,
  mediaReady: false,
  mediaSeconds: null,
  ...overrides,
});

export const aSeason = (overrides: Partial<Season> = {}): Season => ({
  number: 1,
  title: `Season ${overrides.number ?? 1}`,
  overview: '',
  airDate: null,
  episodes: [],
  ...overrides,
});

export type SentRequest = { method: string; path: string; body: unknown; auth?: string };

const conflict = (message: string) => ({
  status: 409,
  body: { code: ErrorCode.Conflict, message, correlationId: 'test' },
});
const notFound = (message: string) => ({
  status: 404,
  body: { code: ErrorCode.NotFound, message, correlationId: 'test' },
});

/** A series as the grid lists it: its counts follow its seasons. */
const summary = ({ seasons, ...series }: SeriesDetail): Series => ({
  ...series,
  seasonCount: seasons.length,
  episodeCount: seasons.reduce((sum, season) => sum + season.episodes.length, 0),
});

const withCounts = (series: SeriesDetail): SeriesDetail => ({
  ...series,
  ...summary(series),
  seasons: series.seasons,
});

/**
 * The gateway's admin series routes (s19 design) over an in-memory catalogue: what the admin screens send is
 * recorded, writes change what later reads answer, and duplicate season or episode numbers are a 409 with the
 * catalogue's message, as the real service answers them.
 */
export const fakeSeriesCatalogue = (initial: SeriesDetail[]) => {
  const store = new Map(initial.map((series) => [series.id, structuredClone(series)]));
  const sent: SentRequest[] = [];

  const findEpisode = (id: string) => {
    for (const series of store.values())
      for (const season of series.seasons) {
        const episode = season.episodes.find((candidate) => candidate.id === id);
        if (episode) return { series, season, episode };
      }
    return null;
  };

  const route: FakeRoute = (request, url, body) => {
    const method = request.method ?? 'GET';
    const path = url.pathname;
    if (method !== 'GET') sent.push({ method, path, body, auth: request.headers.authorization });
    const input = (body ?? {}) as Record<string, unknown>;

    if (path === '/api/admin/series' && method === 'GET') {
      const status = url.searchParams.get('status');
      const search = url.searchParams.get('search')?.toLowerCase();
      const data = [...store.values()]
        .filter((series) => !status || series.status === status)
        .filter((series) => !search || series.title.toLowerCase().includes(search))
        .map(summary);
      return { status: 200, body: { data, page: 1, pageSize: 24, total: data.length } };
    }
    if (path === '/api/admin/series' && method === 'POST') {
      const series = aSeries({
        ...(input as Partial<SeriesDetail>),
        status: (input.status as 'draft') ?? 'draft',
      });
      store.set(series.id, series);
      return { status: 201, body: { data: summary(series), message: SeriesMessages.added } };
    }

    const seriesMatch = /^\/api\/(?:admin\/)?series\/([^/]+)(\/.*)?$/.exec(path);
    if (seriesMatch) {
      const [, id, rest = ''] = seriesMatch;
      const series = store.get(id);
      if (!series) return notFound(SeriesMessages.notFound);
      if (path.startsWith('/api/series/') && method === 'GET' && !rest)
        return { status: 200, body: withCounts(series) };
      if (!rest && method === 'PUT') {
        Object.assign(series, input);
        return { status: 200, body: { data: summary(series), message: SeriesMessages.updated } };
      }
      if (!rest && method === 'DELETE') {
        store.delete(id);
        return { status: 200, body: { id } };
      }
      if (rest === '/publish' && method === 'POST') {
        if (series.status !== 'draft') return conflict(SeriesMessages.onlyDraftsPublish);
        series.status = 'published';
        return { status: 200, body: { data: summary(series) } };
      }
      if (rest === '/seasons' && method === 'POST') {
        const number = input.number as number;
        if (series.seasons.some((season) => season.number === number))
          return conflict(SeriesMessages.seasonExists);
        series.seasons.push(aSeason({ ...(input as Partial<Season>), number }));
        series.seasons.sort((a, b) => a.number - b.number);
        return { status: 201, body: { data: withCounts(series), message: SeriesMessages.seasonAdded } };
      }
      const seasonMatch = /^\/seasons\/(\d+)(\/episodes)?$/.exec(rest);
      if (seasonMatch) {
        const number = Number(seasonMatch[1]);
        const season = series.seasons.find((candidate) => candidate.number === number);
        if (!season) return notFound(SeriesMessages.seasonNotFound);
        if (seasonMatch[2] && method === 'POST') {
          if (season.episodes.some((episode) => episode.number === input.number))
            return conflict(SeriesMessages.episodeExists);
          const episode = anEpisode({ ...(input as Partial<Episode>), seriesId: id, seasonNumber: number });
          season.episodes.push(episode);
          season.episodes.sort((a, b) => a.number - b.number);
          return { status: 201, body: { data: episode, message: SeriesMessages.episodeAdded } };
        }
        if (method === 'PUT') {
          Object.assign(season, input);
          return { status: 200, body: { data: withCounts(series) } };
        }
        if (method === 'DELETE') {
          series.seasons = series.seasons.filter((candidate) => candidate !== season);
          return { status: 200, body: { data: withCounts(series) } };
        }
      }
      return undefined;
    }

    const episodeMatch = /^\/api\/admin\/episodes\/([^/]+)$/.exec(path);
    if (episodeMatch) {
      const found = findEpisode(episodeMatch[1]);
      if (!found) return notFound(SeriesMessages.episodeNotFound);
      const { season, episode } = found;
      if (method === 'PUT') {
        if (
          typeof input.number === 'number' &&
          input.number !== episode.number &&
          season.episodes.some((other) => other.number === input.number)
        )
          return conflict(SeriesMessages.episodeExists);
        Object.assign(episode, input);
        return { status: 200, body: { data: episode } };
      }
      if (method === 'DELETE') {
        season.episodes = season.episodes.filter((other) => other !== episode);
        return { status: 200, body: { id: episode.id } };
      }
    }
    return undefined;
  };

  return { route, sent, store };
};
