import type { ClsStore } from 'nestjs-cls';
import { ClsServiceManager } from 'nestjs-cls';
import type { SessionProfile, SessionUser, UserRef } from '@app/contracts';

/** What one unit of work (an HTTP request, an RPC, an event) carries in AsyncLocalStorage. */
export type RequestContextStore = ClsStore & {
  correlationId?: string;
  /** The signed-in caller the gateway's session guard resolved. */
  user?: SessionUser;
  /** In a service: the signed-in caller the gateway named in the RPC envelope (for the audit log). */
  actor?: UserRef;
  /** In a service: the profile the gateway named in the RPC envelope (whose data, which ceiling). */
  profile?: SessionProfile;
};

type ContextValues = Pick<RequestContextStore, 'correlationId' | 'user' | 'actor' | 'profile'>;

const cls = () => ClsServiceManager.getClsService<RequestContextStore>();

/**
 * The request context (nestjs-cls over AsyncLocalStorage): set by the gateway's middleware and session guard,
 * carried to services in the RPC envelope and on events, read by the logger and the service clients.
 * Nothing passes the correlation id or the acting user down by hand.
 */
export const RequestContext = {
  correlationId: (): string | undefined => (cls().isActive() ? cls().get('correlationId') : undefined),
  user: (): SessionUser | undefined => (cls().isActive() ? cls().get('user') : undefined),
  /**
   * The profile the signed-in caller's session acts as, with its ceiling (DECISIONS 36), from the session auth-service
   * resolved (in the gateway), or the one the RPC envelope named (in a service): never from a client field.
   * Undefined for calls no viewer's session makes (admins' tools, background jobs, events).
   */
  profile: (): SessionProfile | undefined => {
    if (!cls().isActive()) return undefined;
    const user = cls().get('user');
    return user ? user.profile : cls().get('profile');
  },
  /** Who is acting: the signed-in user (in the gateway), or the one the RPC envelope named (in a service). */
  actor: (): UserRef | undefined => {
    if (!cls().isActive()) return undefined;
    const user = cls().get('user');
    return user ? { id: user.id, username: user.username } : cls().get('actor');
  },
  /** Sets the acting user of the current context (the gateway's session guard). */
  setUser: (user: SessionUser): void => cls().set('user', user),
  /**
   * Makes a new context holding `values` current for the rest of this synchronous run and everything it starts
   * (the RPC guard: Nest gives it no callback to wrap).
   */
  enter: (values: ContextValues): void => cls().enterWith({ ...values }),
  /** Runs `work` in a new context holding `values` (HTTP requests, event handlers, background jobs, tests). */
  run: <T>(values: ContextValues, work: () => T): T => cls().runWith({ ...values }, work),
};
