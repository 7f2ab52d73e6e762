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
  /** Its certification per country (ISO 3166-1 → "PG-13", "UA", "" for none), served as TMDB's release dates. */
  certifications?: Record<string, string>;
};

export type TmdbReview = {
  id: string;
  author: string;
  content: string;
  created_at: string;
  author_details: { rating: number | null };
};

/** An episode as TMDB's `/tv/{id}/season/{n}` lists it (the fields the fake fills; the rest is added on the way out). */
export type TmdbEpisode = {
  id: number;
  episode_number: number;
  name: string;
  overview: string;
  air_date: string | null;
  runtime: number | null;
  still_path: string | null;
};

export type TmdbSeason = {
  season_number: number;
  name: string;
  overview: string;
  air_date: string | null;
  poster_path?: string | null;
  episodes: TmdbEpisode[];
};

/** A show as TMDB's `/tv/popular` and `/tv/{id}` describe it, with its seasons (served by `/tv/{id}/season/{n}`). */
export type TmdbShow = {
  id: number;
  name: string;
  original_name: string;
  overview: string;
  poster_path: string | null;
  first_air_date: string;
  vote_average: number;
  vote_count: number;
  popularity: number;
  genre_ids: number[];
  original_language: string;
  origin_country: string[];
  created_by: string[];
  seasons: TmdbSeason[];
  /** Its rating per country (ISO 3166-1 → "TV-MA", "U/A 13+"), served as TMDB's content ratings. */
  contentRatings?: Record<string, string>;
};

export type TmdbFakeData = {
  genres: Array<{ id: number; name: string }>;
  movies: TmdbMovie[];
  /** Ids per list, in order. */
  popular: number[];
  topRated: number[];
  trending: number[];
  reviews: Record<number, TmdbReview[]>;
  /** TV's own genre list (`/genre/tv/list`): TMDB names some genres differently for shows. */
  tvGenres: Array<{ id: number; name: string }>;
  shows: TmdbShow[];
  /** Show ids of `/tv/popular`, in order. */
  popularTv: number[];
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
      // India lists a release without a certificate: the US one decides.
      certifications: { IN: '', US: 'PG-13', GB: '12A' },
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
      // India's certificate comes first, whatever the US one says.
      certifications: { US: 'PG', IN: 'U' },
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
  tvGenres: [
    { id: 10759, name: 'Action & Adventure' },
    { id: 35, name: 'Comedy' },
    { id: 80, name: 'Crime' },
    { id: 18, name: 'Drama' },
    { id: 10765, name: 'Sci-Fi & Fantasy' },
  ],
  shows: [
    {
      id: 1396,
      name: 'Breaking Bad',
      original_name: 'Breaking Bad',
      overview: 'A chemistry teacher turns to making meth to secure his family’s future.',
      poster_path: '/ztkUQFLlC19CCMYHW9o1zWhJRNq.jpg',
      first_air_date: '2008-01-20',
      vote_average: 8.9,
      vote_count: 16000,
      popularity: 410.2,
      genre_ids: [18, 80],
      original_language: 'en',
      origin_country: ['US'],
      created_by: ['Vince Gilligan'],
      contentRatings: { US: 'TV-MA', DE: '16' },
      seasons: [
        {
          season_number: 0,
          name: 'Specials',
          overview: '',
          air_date: '2009-02-17',
          episodes: [
            {
              id: 1000001,
              episode_number: 1,
              name: 'Good Cop Bad Cop',
              overview: 'A short.',
              air_date: '2009-02-17',
              runtime: 3,
              still_path: null,
            },
          ],
        },
        {
          season_number: 1,
          name: 'Season 1',
          overview: 'High school chemistry teacher Walter White’s life is suddenly transformed.',
          air_date: '2008-01-20',
          episodes: [
            {
              id: 62085,
              episode_number: 1,
              name: 'Pilot',
              overview: 'Walter White learns he has cancer.',
              air_date: '2008-01-20',
              runtime: 58,
              still_path: '/ydlY3iPfeOAvu8gVqrxPoMvzNCn.jpg',
            },
            {
              id: 62086,
              episode_number: 2,
              name: "Cat's in the Bag...",
              overview: 'Walt and Jesse clean up.',
              air_date: '2008-01-27',
              runtime: 48,
              still_path: '/tjDNvbokPLtEnpFyFPyXMOd6Zr1.jpg',
            },
            {
              id: 62087,
              episode_number: 3,
              name: "...And the Bag's in the River",
              overview: 'Walt faces a hard choice.',
              air_date: '2008-02-10',
              runtime: 48,
              still_path: null,
            },
          ],
        },
        {
          season_number: 2,
          name: 'Season 2',
          overview: 'Walt and Jesse step up their operation.',
          air_date: '2009-03-08',
          episodes: [
            {
              id: 62092,
              episode_number: 1,
              name: 'Seven Thirty-Seven',
              overview: 'Walt and Jesse are shaken.',
              air_date: '2009-03-08',
              runtime: 47,
              still_path: null,
            },
            {
              id: 62093,
              episode_number: 2,
              name: 'Grilled',
              overview: 'Hank closes in.',
              air_date: '2009-03-15',
              runtime: 46,
              still_path: null,
            },
          ],
        },
      ],
    },
    {
      id: 93544,
      name: 'Kota Factory',
      original_name: 'Kota Factory',
      overview: 'Students in Kota prepare for the engineering entrance exams.',
      poster_path: '/xMxDvSOUqLRRFEomNsYzUkFrP5T.jpg',
      first_air_date: '2019-04-16',
      vote_average: 7.9,
      vote_count: 300,
      popularity: 25.4,
      genre_ids: [35, 18],
      original_language: 'hi',
      origin_country: ['IN'],
      created_by: ['Saurabh Khanna'],
      contentRatings: { US: 'TV-14', IN: 'U/A 13+' },
      seasons: [
        {
          season_number: 1,
          name: 'Season 1',
          overview: 'Vaibhav moves to Kota.',
          air_date: '2019-04-16',
          episodes: [
            {
              id: 1747751,
              episode_number: 1,
              name: 'Inventory',
              overview: 'Vaibhav arrives in Kota.',
              air_date: '2019-04-16',
              runtime: 40,
              still_path: null,
            },
            {
              id: 1747752,
              episode_number: 2,
              name: 'Kaksha',
              overview: 'Classes begin.',
              air_date: '2019-04-16',
              runtime: 38,
              still_path: null,
            },
          ],
        },
      ],
    },
    {
      id: 24680,
      name: 'Quiet Orbit',
      original_name: 'Quiet Orbit',
      overview: 'A small crew waits out a long voyage.',
      poster_path: null,
      first_air_date: '2022-09-01',
      vote_average: 6.4,
      vote_count: 40,
      popularity: 3.1,
      genre_ids: [10765, 10759],
      original_language: 'en',
      origin_country: ['GB'],
      created_by: [],
      seasons: [
        {
          season_number: 1,
          name: 'Season 1',
          overview: '',
          air_date: '',
          episodes: [
            {
              id: 3000001,
              episode_number: 1,
              name: 'Launch',
              overview: '',
              air_date: '',
              runtime: null,
              still_path: null,
            },
          ],
        },
      ],
    },
  ],
  popularTv: [1396, 93544, 24680],
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

/** `/movie/{id}/release_dates` (and `append_to_response=release_dates`): each country's releases, as TMDB answers. */
const releaseDates = (movie: TmdbMovie) => ({
  results: Object.entries(movie.certifications ?? {}).map(([country, certification]) => ({
    iso_3166_1: country,
    release_dates: [
      {
        certification,
        descriptors: [],
        iso_639_1: '',
        note: '',
        release_date: `${movie.release_date}T00:00:00.000Z`,
        // Theatrical.
        type: 3,
      },
    ],
  })),
});

/** `/tv/{id}/content_ratings` (and `append_to_response=content_ratings`), as TMDB answers. */
const contentRatings = (show: TmdbShow) => ({
  results: Object.entries(show.contentRatings ?? {}).map(([country, rating]) => ({
    descriptors: [],
    iso_3166_1: country,
    rating,
  })),
});

/** The parts `append_to_response` asks for that the fake knows, under their own names, as TMDB adds them. */
const appended = (url: URL, parts: Record<string, () => unknown>) => {
  const asked = (url.searchParams.get('append_to_response') ?? '').split(',');
  return Object.fromEntries(
    Object.entries(parts)
      .filter(([name]) => asked.includes(name))
      .map(([name, part]) => [name, part()]),
  );
};

/** `/tv/popular`'s item for a show (TMDB's list shape). */
const showListItem = ({
  seasons: _seasons,
  created_by: _creators,
  contentRatings: _ratings,
  ...show
}: TmdbShow) => ({
  adult: false,
  backdrop_path: null,
  ...show,
});

/** `/tv/{id}`: the show with its genres, creators and season summaries, as TMDB answers. */
const showDetail = (show: TmdbShow, genres: TmdbFakeData['tvGenres']) => {
  const { genre_ids, created_by, seasons, contentRatings: _ratings, ...rest } = show;
  return {
    adult: false,
    backdrop_path: null,
    ...rest,
    // In the show's own order: its first genre is its main one.
    genres: genre_ids.flatMap((id) => genres.filter((genre) => genre.id === id)),
    created_by: created_by.map((name, index) => ({
      id: show.id * 10 + index,
      credit_id: `${show.id}-${index}`,
      name,
      original_name: name,
      gender: 0,
      profile_path: null,
    })),
    episode_run_time: [],
    in_production: false,
    languages: [show.original_language],
    number_of_seasons: seasons.filter((season) => season.season_number > 0).length,
    number_of_episodes: seasons.reduce((sum, season) => sum + season.episodes.length, 0),
    seasons: seasons.map(({ episodes, ...season }) => ({
      id: show.id * 100 + season.season_number,
      poster_path: null,
      vote_average: 0,
      ...season,
      episode_count: episodes.length,
    })),
    status: 'Ended',
    type: 'Scripted',
  };
};

/** `/tv/{id}/season/{n}`: the season with its episodes, as TMDB answers. */
const seasonDetail = (show: TmdbShow, season: TmdbSeason) => ({
  _id: `${show.id}s${season.season_number}`,
  id: show.id * 100 + season.season_number,
  poster_path: null,
  vote_average: 0,
  ...season,
  episodes: season.episodes.map((episode) => ({
    episode_type: 'standard',
    production_code: '',
    season_number: season.season_number,
    show_id: show.id,
    vote_average: 0,
    vote_count: 0,
    crew: [],
    guest_stars: [],
    ...episode,
  })),
});

/**
 * A local TMDB-compatible server (API v3 under `/3`, `api_key` query or Bearer token): popular, top rated,
 * trending (day), genre list, movie by id, reviews and release dates by id; TV: popular shows, TV genre list, show
 * by id, content ratings and season by number; `append_to_response` of release dates and content ratings; TMDB's
 * 401 and 404 bodies.
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
    const { shows, tvGenres } = fake.data;
    if (path === '/genre/tv/list') return send(res, 200, { genres: tvGenres });
    if (path === '/tv/popular') {
      const listed = fake.data.popularTv.flatMap((id) => shows.filter((show) => show.id === id));
      return send(res, 200, paged(listed.map(showListItem), page));
    }
    const ratings = /^\/tv\/(\d+)\/content_ratings$/.exec(path);
    const rated = ratings && shows.find((candidate) => candidate.id === Number(ratings[1]));
    if (rated) return send(res, 200, { ...contentRatings(rated), id: rated.id });
    const tv = /^\/tv\/(\d+)(?:\/season\/(\d+))?$/.exec(path);
    const show = tv && shows.find((candidate) => candidate.id === Number(tv[1]));
    if (tv && show && tv[2] === undefined)
      return send(res, 200, {
        ...showDetail(show, tvGenres),
        ...appended(url, { content_ratings: () => contentRatings(show) }),
      });
    const season = tv && show?.seasons.find((candidate) => candidate.season_number === Number(tv[2]));
    if (show && season) return send(res, 200, seasonDetail(show, season));
    const reviews = /^\/movie\/(\d+)\/reviews$/.exec(path);
    if (reviews) {
      const id = Number(reviews[1]);
      if (!movies.some((movie) => movie.id === id)) return send(res, 404, notFound);
      return send(res, 200, { id, ...paged(fake.data.reviews[id] ?? [], page) });
    }
    const dates = /^\/movie\/(\d+)\/release_dates$/.exec(path);
    const dated = dates && movies.find((m) => m.id === Number(dates[1]));
    if (dated) return send(res, 200, { id: dated.id, ...releaseDates(dated) });
    const byId = /^\/movie\/(\d+)$/.exec(path);
    const movie = byId && movies.find((m) => m.id === Number(byId[1]));
    if (movie) {
      const { genre_ids, certifications: _certifications, ...rest } = movie;
      return send(res, 200, {
        ...rest,
        genres: genres.filter((genre) => genre_ids.includes(genre.id)),
        ...appended(url, { release_dates: () => releaseDates(movie) }),
      });
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
