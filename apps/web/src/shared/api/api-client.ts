import { toApiRequestError } from './api-request-error';

export type QueryParams = Record<string, string | number | boolean | undefined>;

export type RequestOptions = { query?: QueryParams; signal?: AbortSignal };

export type ApiClient = {
  /** GETs `path` and returns the JSON body; a non-2xx answer rejects with an ApiRequestError. */
  get<T>(path: string, options?: RequestOptions): Promise<T>;
};

const toSearch = (query: QueryParams | undefined): string => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `?${search}` : '';
};

/** @param baseUrl origin of the API; '' means the page's own origin. */
export const createApiClient = (baseUrl = ''): ApiClient => ({
  async get<T>(path: string, { query, signal }: RequestOptions = {}): Promise<T> {
    const response = await fetch(`${baseUrl}${path}${toSearch(query)}`, {
      headers: { Accept: 'application/json' },
      signal,
    });
    if (!response.ok) throw await toApiRequestError(response);
    return (await response.json()) as T;
  },
});
