import type { ApiRouteKey, ApiRouteMap, RouteInput, RouteReply } from '@app/contracts';
import { toApiRequestError } from './api-request-error';

type QueryParams = Record<string, unknown>;

/** How a call is made: `signal` to cancel it, `token` to send another token than the session's (or none: null). */
export type CallOptions = {
  signal?: AbortSignal;
  token?: string | null;
  /** A 401 to this call does not end the session (best-effort reports such as the player's QoE, issue 28). */
  keepSession?: true;
};

/** The input of a route, which may be left out when the route requires none. */
type CallArgs<K extends ApiRouteKey> =
  object extends RouteInput<ApiRouteMap[K]>
    ? [input?: RouteInput<ApiRouteMap[K]>, options?: CallOptions]
    : [input: RouteInput<ApiRouteMap[K]>, options?: CallOptions];

/**
 * Calls a route of the gateway by its key (`'GET /api/movies/{id}'`), type-checked against the route's description in
 * libs/contracts (the one the gateway serves it by): its path params, query, headers and body, and the reply it
 * answers with. A non-2xx answer rejects with an ApiRequestError; a 204 resolves to undefined.
 */
export type RouteCall = <K extends ApiRouteKey>(
  route: K,
  ...args: CallArgs<K>
) => Promise<RouteReply<ApiRouteMap[K]>>;

export type ApiClient = { call: RouteCall };

/** What `call` is at run time, below its types. */
export type UntypedCall = (
  route: string,
  input?: { params?: object; query?: object; headers?: object; body?: unknown },
  options?: CallOptions,
) => Promise<unknown>;

const headersFor = (
  token: string | null | undefined,
  hasBody: boolean,
  extra: object = {},
): Record<string, string> => ({
  ...(extra as Record<string, string>),
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

/** `'GET /api/movies/{id}'` with `{ id }` → GET `/api/movies/65f…`, each param URL-encoded. */
export const routeTarget = (route: string, params: object = {}) => {
  const [method, template] = route.split(' ');
  const values = params as Record<string, string | number>;
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(values[name])));
  return { method, path };
};

/** Answers that advise a wait (`Retry-After`): too many requests from this client, or the system shedding load. */
const RETRIED_STATUSES = new Set([429, 503]);

/** The longest a read waits out a 429 or 503 before it gives up and reports it: longer than that, the viewer should see why. */
export const MAX_RETRY_AFTER_MS = 30_000;

/** `Retry-After` as seconds or an HTTP date, in ms from now; null when absent, unreadable or too long to wait. */
export const retryAfterMs = (header: string | null, now = Date.now()): number | null => {
  if (header === null || header.trim() === '') return null;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - now;
  if (Number.isNaN(ms)) return null;
  const wait = Math.max(0, ms);
  return wait <= MAX_RETRY_AFTER_MS ? wait : null;
};

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/** @param baseUrl origin of the API; '' means the page's own origin. */
export const createApiClient = (baseUrl = ''): ApiClient => {
  const call: UntypedCall = async (route, { params, query, headers, body } = {}, { signal, token } = {}) => {
    const { method, path } = routeTarget(route, params);
    const send = () =>
      fetch(`${baseUrl}${path}${toSearch(query as QueryParams | undefined)}`, {
        method,
        headers: headersFor(token, body !== undefined, headers),
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
      });
    let response = await send();
    // A rate limit (429) or a busy gateway or service (503 with Retry-After) is waited out once on a read; a write
    // is never repeated behind the viewer's back. A 503 without Retry-After (a service down) is reported at once.
    const wait =
      RETRIED_STATUSES.has(response.status) && method === 'GET'
        ? retryAfterMs(response.headers.get('retry-after'))
        : null;
    if (wait !== null) {
      await response.body?.cancel();
      await sleep(wait, signal);
      response = await send();
    }
    if (!response.ok) throw await toApiRequestError(response);
    if (response.status === 204) return undefined;
    // A file (a route whose description names another content type): the bytes, for the viewer to save.
    const type = response.headers.get('content-type') ?? '';
    if (type && !type.includes('json') && !type.startsWith('text/')) return response.blob();
    const text = await response.text();
    return text ? (JSON.parse(text) as unknown) : undefined;
  };
  return { call: call as RouteCall };
};
