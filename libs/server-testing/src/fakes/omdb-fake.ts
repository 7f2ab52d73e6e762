import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One title as OMDb describes it (the fields of `?i=` / `?t=` answers, recorded shape). */
export type OmdbRecord = {
  Title: string;
  Year: string;
  imdbID: string;
  imdbRating: string;
  imdbVotes: string;
  Genre?: string;
  Director?: string;
};

export type OmdbFake = {
  url: string;
  apiKey: string;
  /** Mutable: tests add and change titles between requests. */
  records: OmdbRecord[];
  /** When false, `?t=` ignores `y` (as OMDb's fuzzy matching can), so callers' own year check is exercised. */
  options: { strictYear: boolean; failing: boolean };
  requests: URLSearchParams[];
  stop(): Promise<void>;
};

const send = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
};

const full = (record: OmdbRecord) => ({
  Title: record.Title,
  Year: record.Year,
  Rated: 'N/A',
  Released: 'N/A',
  Runtime: 'N/A',
  Genre: record.Genre ?? 'N/A',
  Director: record.Director ?? 'N/A',
  Writer: 'N/A',
  Actors: 'N/A',
  Plot: 'N/A',
  Language: 'English',
  Country: 'N/A',
  Awards: 'N/A',
  Poster: 'N/A',
  Ratings: [{ Source: 'Internet Movie Database', Value: `${record.imdbRating}/10` }],
  Metascore: 'N/A',
  imdbRating: record.imdbRating,
  imdbVotes: record.imdbVotes,
  imdbID: record.imdbID,
  Type: 'movie',
  Response: 'True',
});

/**
 * A local OMDb-compatible server (`GET /?apikey=&i=` or `&t=&y=`), answering as omdbapi.com documents:
 * 401 `Invalid API key!`, `Movie not found!`, `Incorrect IMDb ID.`; `options.failing` answers 503 HTML.
 */
export const startOmdbFake = async ({
  apiKey = 'omdb-test-key',
  records = [] as OmdbRecord[],
} = {}): Promise<OmdbFake> => {
  const state = {
    records: [...records],
    options: { strictYear: true, failing: false },
    requests: [] as URLSearchParams[],
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const params = new URL(req.url ?? '/', 'http://localhost').searchParams;
    state.requests.push(params);
    if (state.options.failing) {
      res.writeHead(503, { 'content-type': 'text/html' });
      res.end('<html><body>Service Unavailable</body></html>');
      return;
    }
    if (!params.get('apikey')) return send(res, 401, { Response: 'False', Error: 'No API key provided.' });
    if (params.get('apikey') !== apiKey)
      return send(res, 401, { Response: 'False', Error: 'Invalid API key!' });
    const id = params.get('i');
    if (id) {
      const found = state.records.find((record) => record.imdbID === id);
      if (found) return send(res, 200, full(found));
      return send(res, 200, {
        Response: 'False',
        Error: /^tt\d+$/.test(id) ? 'Error getting data.' : 'Incorrect IMDb ID.',
      });
    }
    const title = params.get('t')?.trim().toLowerCase();
    if (!title) return send(res, 200, { Response: 'False', Error: 'Incorrect IMDb ID.' });
    const year = params.get('y');
    const found = state.records.find(
      (record) =>
        record.Title.toLowerCase() === title &&
        (!year || !state.options.strictYear || record.Year.startsWith(year)),
    );
    return send(res, 200, found ? full(found) : { Response: 'False', Error: 'Movie not found!' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    apiKey,
    get records() {
      return state.records;
    },
    set records(value) {
      state.records = value;
    },
    options: state.options,
    requests: state.requests,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
};
