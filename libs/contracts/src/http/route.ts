import type { z } from 'zod';
import { ProfileMessages } from '../profiles';
import { KIDS_PARENTAL_REFUSAL } from '../parental';

/**
 * One HTTP route of the gateway, described once: the gateway's `@Endpoint(route)` takes its method, path, access,
 * validation, rate limit and reply check from it, the OpenAPI document is written from it, and the web app's
 * client is type-checked against it (`ApiRouteMap`).
 */

export type HttpMethod = 'get' | 'post' | 'put' | 'delete' | 'patch';

/**
 * Who may call: anyone (a token is optional), any signed-in account, the account the path's `{id}` (and the body's
 * `userId`, when it names one) belongs to (`own`; `own-or-admin` also lets an admin read it), or an admin.
 */
export type Access = 'public' | 'user' | 'own' | 'own-or-admin' | 'admin';

/** What a kids profile may not do on a route (`HttpRoute.notForKids`). */
export type KidsRefusal = 'profiles' | 'payments' | 'account' | 'parental';

/** The message of a route's refusal of a kids profile (403), by what the route does. */
export const KIDS_REFUSAL_MESSAGES: Record<KidsRefusal, string> = {
  profiles: ProfileMessages.kidsCannotManage,
  payments: ProfileMessages.kidsCannotPay,
  account: ProfileMessages.kidsAccountOnly,
  parental: KIDS_PARENTAL_REFUSAL,
};

/** The 403 line of a route description that refuses kids profiles. */
export const kidsRefused = (kind: KidsRefusal) =>
  `${KIDS_REFUSAL_MESSAGES[kind]} (the session acts as a kids profile)`;

/** Tighter budgets, per route and client, beyond the default one every route draws on. */
export type NamedLimit = 'browse' | 'contact';

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 429 | 500 | 503 | 504;

export type ApiTag =
  | 'movies'
  | 'series'
  | 'admin'
  | 'users'
  | 'profiles'
  | 'auth'
  | 'contact'
  | 'images'
  | 'health'
  | 'payments'
  | 'playback'
  | 'user-data'
  | 'recommendations';

export type ApiResponse = {
  status: number;
  description: string;
  /** JSON unless `contentType` says otherwise; none for 204 and redirects. */
  schema?: z.ZodType;
  contentType?: string;
};

export type HttpRoute = {
  method: HttpMethod;
  /** OpenAPI form: `{id}` (the gateway turns it into Nest's `:id`). */
  path: string;
  tag: ApiTag;
  summary: string;
  access: Access;
  /** Only an account whose email is verified (DECISIONS 33: paying); others get 403. */
  verifiedEmail?: true;
  /**
   * Refused (403) to a session acting as a kids profile (issue 25), with the message of what it is: managing profiles,
   * paying (buy, rent, subscribe, change or cancel a plan), or the account holder's own records (billing, which names
   * every title bought, and the data export, which holds every profile's history and list, unfiltered). The gateway's session guard decides, before any call.
   */
  notForKids?: KidsRefusal;
  /**
   * Served to a session that names no profile yet (the account's own business: who it is, signing out, choosing a
   * profile). Every other signed-in route refuses such a session with 403 PROFILE_REQUIRED "Choose a profile first."
   * until one is chosen (issue 25), unless the account has exactly one profile and it is unlocked.
   */
  beforeProfile?: true;
  params?: z.ZodObject;
  query?: z.ZodObject;
  /** Header parameters the handler reads, validated like the rest (`Idempotency-Key`). */
  headers?: z.ZodObject;
  body?: z.ZodType;
  ok: ApiResponse;
  /** Other answers that are not `{ code, message, correlationId }` errors (the health report's 503). */
  also?: readonly ApiResponse[];
  /**
   * Errors this route answers beyond the ones its shape implies (400 with params, query, headers or body; 413 with a
   * body; 401/403 unless public; 503/504 when it calls a service; 429 unless not rate-limited; 500 always), with why.
   */
  errors?: Partial<Record<ErrorStatus, string>>;
  /** False when params and query are documented but not validated (the handler reads them as they come: no 400). */
  validated?: false;
  /** False when the gateway answers alone, without calling a service (no 503/504 then). */
  upstream?: false;
  /** The tighter budget the route also draws on, or false when it is not rate-limited at all. */
  rateLimit?: NamedLimit | false;
};

/** Keeps a route's literal method and path and its schemas' exact types (for the web client's checks). */
export const route = <const R extends HttpRoute>(description: R): R => description;

/** A JSON answer. */
export const json = <const N extends number, S extends z.ZodType>(
  status: N,
  schema: S,
  description = 'OK',
) => ({
  status,
  schema,
  description,
});

export const noContent = { status: 204, description: 'Done' } as const;

type Schema<R, K extends string> = R extends { [P in K]: infer S extends z.ZodType } ? S : never;

/** One part of a request: required when its schema requires anything, absent when the route has none. */
type Part<K extends string, S> = [S] extends [never]
  ? { [P in K]?: never }
  : S extends z.ZodType
    ? object extends z.input<S>
      ? { [P in K]?: z.input<S> }
      : { [P in K]: z.input<S> }
    : never;

/** What a caller sends: `{ params, query, headers, body }` as the route's schemas read them. */
export type RouteInput<R> = Part<'params', Schema<R, 'params'>> &
  Part<'query', Schema<R, 'query'>> &
  Part<'headers', Schema<R, 'headers'>> &
  Part<'body', Schema<R, 'body'>>;

/** What the route answers on success: a file (PDF, SVG) as a Blob, JSON as its schema says, nothing for a 204. */
export type RouteReply<R> = R extends { ok: { contentType: string } }
  ? Blob
  : R extends { ok: { schema: infer S extends z.ZodType } }
    ? z.output<S>
    : void;

/** `GET /api/movies/{id}`: how the web names a route. */
export type RouteKey<R> = R extends { method: infer M extends HttpMethod; path: infer P extends string }
  ? `${Uppercase<M>} ${P}`
  : never;

type RoutesOf<Groups> = { [G in keyof Groups]: Groups[G][keyof Groups[G]] }[keyof Groups];

/** A table of routes keyed by `METHOD path`, built from groups of routes (`{ MovieRoutes: { list: route(…) } }`). */
export type RouteMapOf<Groups> = { [R in RoutesOf<Groups> as RouteKey<R>]: R };
