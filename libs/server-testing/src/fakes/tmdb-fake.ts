import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A title as TMDB's `/movie/{id}` describes it (recorded shape, the fields the importer reads). */
export type TmdbMovie = {
  id: number;
  title: string;
  overview: string;
  poster_path: string | null;
  release_date: string;
  vote_average: number;
  vote_count: number;
  popularity: number;
  genre_ids: number[];
  runtime?: number | null;
  original_language?: string;
  budget?: number;
  revenue?: number;
  imdb_id?: string | null;
};

export type TmdbReview = {
  id: string;
  author: string;
  content: string;
  created_at: string;
  author_details: { rating: number | null };
};

export type TmdbFakeData = {
  genres: Array<{ id: number; name: string }>;
  movies: TmdbMovie[];
  /** Ids per list, in order. */
  popular: number[];
  topRated: number[];
  trending: number[];
  reviews: Record<number, TmdbReview[]>;
};

export type TmdbFake = {
  url: string;
  apiKey: string;
  data: TmdbFakeData;
  requests: string[];
  stop(): Promise<void>;
};

const PAGE_SIZE = 20;

const send = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json;charset=utf-8' });
  res.end(JSON.stringify(body));
};

const notFound = {
  success: false,
  status_code: 34,
  status_message: 'The resource you requested could not be found.',
};
const badKey = {
  status_code: 7,
  status_message: 'Invalid API key: You must be granted a valid key.',
  success: false,
};

const paged = <T>(items: T[], page: number) => ({
  page,
  results: items.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE),
  total_pages: Math.max(1, Math.ceil(items.length / PAGE_SIZE)),
  total_results: items.length,
});

/** A few recorded-shape titles: enough for an import to have something to do. */
export const sampleTmdbData = (): TmdbFakeData => ({
  genres: [
    { id: 28, name: 'Action' },
    { id: 18, name: 'Drama' },
    { id: 878, name: 'Science Fiction' },
    { id: 35, name: 'Comedy' },
  ],
  movies: [
    {
      id: 27205,
      title: 'Inception',
      overview: 'Cobb steals secrets from dreams.',
      poster_path: '/oYuLEt3zVCKq57qu2F8dT7NIa6f.jpg',
      release_date: '2010-07-15',
      vote_average: 8.4,
      vote_count: 37000,
      popularity: 120.5,
      genre_ids: [28, 878],
      runtime: 148,
      original_language: 'en',
      budget: 160000000,
      revenue: 839030630,
      imdb_id: 'tt1375666',
    },
    {
      id: 19404,
      title: 'Dilwale Dulhania Le Jayenge',
      overview: 'Raj and Simran meet on a trip across Europe.',
      poster_path: '/2CAL2433ZeIihfX1Hb2139CX0pW.jpg',
      release_date: '1995-10-20',
      vote_average: 8.5,
      vote_count: 4500,
      popularity: 30.1,
      genre_ids: [35, 18],
      runtime: 190,
      original_language: 'hi',
      budget: 13200000,
      revenue: 100000000,
      imdb_id: 'tt0112870',
    },
    {
      id: 12345,
      title: 'Quiet Days',
      overview: 'A small drama.',
      poster_path: null,
      release_date: '2021-03-01',
      vote_average: 6.2,
      vote_count: 120,
      popularity: 5.3,
      genre_ids: [18],
      runtime: null,
      original_language: 'en',
      budget: 0,
      revenue: 0,
      imdb_id: null,
    },
  ],
  popular: [27205, 19404, 12345],
  topRated: [19404, 27205],
  trending: [12345, 27205],
  reviews: {
    27205: [
      {
        id: '5b2f1',
        author: 'cinephile',
        content: 'A dream of a film.',
        created_at: '2017-02-13T23:16:19.538Z',
        author_details: { rating: 9 },
      },
      {
        id: '5b2f2',
        author: 'nobody',
        content: 'No rating given.',
        created_at: '2018-02-13T23:16:19.538Z',
        author_details: { rating: null },
      },
    ],
  },
});

/**
 * A local TMDB-compatible server (API v3 under `/3`, `api_key` query or Bearer token): popular, top rated,
 * trending (day), genre list, movie by id, reviews by id; TMDB's 401 and 404 bodies.
 */
export const startTmdbFake = async ({
  apiKey = 'tmdb-test-key',
  data = sampleTmdbData(),
} = {}): Promise<TmdbFake> => {
  const requests: string[] = [];
  const fake = { data };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    requests.push(url.pathname + url.search);
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if ((url.searchParams.get('api_key') ?? bearer) !== apiKey) return send(res, 401, badKey);
    const page = Math.max(1, Number(url.searchParams.get('page') ?? 1) || 1);
    const { movies, genres } = fake.data;
    const byIds = (ids: number[]) => ids.flatMap((id) => movies.filter((movie) => movie.id === id));
    const path = url.pathname.replace(/^\/3/, '');
    if (path === '/genre/movie/list') return send(res, 200, { genres });
    if (path === '/movie/popular') return send(res, 200, paged(byIds(fake.data.popular), page));
    if (path === '/movie/top_rated') return send(res, 200, paged(byIds(fake.data.topRated), page));
    if (path === '/trending/movie/day') return send(res, 200, paged(byIds(fake.data.trending), page));
    const reviews = /^\/movie\/(\d+)\/reviews$/.exec(path);
    if (reviews) {
      const id = Number(reviews[1]);
      if (!movies.some((movie) => movie.id === id)) return send(res, 404, notFound);
      return send(res, 200, { id, ...paged(fake.data.reviews[id] ?? [], page) });
    }
    const byId = /^\/movie\/(\d+)$/.exec(path);
    const movie = byId && movies.find((m) => m.id === Number(byId[1]));
    if (movie) {
      const { genre_ids, ...rest } = movie;
      return send(res, 200, { ...rest, genres: genres.filter((genre) => genre_ids.includes(genre.id)) });
    }
    return send(res, 404, notFound);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/3`,
    apiKey,
    get data() {
      return fake.data;
    },
    set data(value) {
      fake.data = value;
    },
    requests,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
};
