import { toApiRequestError } from './api-request-error';

export type QueryParams = Record<string, string | number | boolean | undefined>;

export type RequestOptions = {
  query?: QueryParams;
  signal?: AbortSignal;
  /** Sent as a bearer token. */ token?: string | null;
};

export type SendOptions = RequestOptions & { body?: unknown };

export type ApiClient = {
  /** GETs `path` and returns the JSON body; a non-2xx answer rejects with an ApiRequestError. */
  get<T>(path: string, options?: RequestOptions): Promise<T>;
  /** Sends `body` as JSON; resolves to the JSON answer, or undefined for a 204. */
  post<T>(path: string, options?: SendOptions): Promise<T>;
  put<T>(path: string, options?: SendOptions): Promise<T>;
  delete<T = void>(path: string, options?: SendOptions): Promise<T>;
};

const headersFor = (token: string | null | undefined, hasBody: boolean): Record<string, string> => ({
  Accept: 'application/json',
  ...(hasBody ? { 'Content-Type': 'application/json' } : {}),
  ...(token ? { Authorization: `Bearer ${token}` } : {}),
});

const toSearch = (query: QueryParams | undefined): string => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `?${search}` : '';
};

/** @param baseUrl origin of the API; '' means the page's own origin. */
export const createApiClient = (baseUrl = ''): ApiClient => {
  const send = async <T>(
    method: string,
    path: string,
    { query, signal, token, body }: SendOptions = {},
  ): Promise<T> => {
    const response = await fetch(`${baseUrl}${path}${toSearch(query)}`, {
      method,
      headers: headersFor(token, body !== undefined),
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
    if (!response.ok) throw await toApiRequestError(response);
    if (response.status === 204) return undefined as T;
    const text = await response.text();
    return (text ? JSON.parse(text) : undefined) as T;
  };
  return {
    get: (path, options) => send('GET', path, options),
    post: (path, options) => send('POST', path, options),
    put: (path, options) => send('PUT', path, options),
    delete: (path, options) => send('DELETE', path, options),
  };
};
