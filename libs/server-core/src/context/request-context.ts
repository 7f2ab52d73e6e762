import type { ClsStore } from 'nestjs-cls';
import { ClsServiceManager } from 'nestjs-cls';
import type { SessionUser } from '@app/contracts';

/** What one unit of work (an HTTP request, an RPC, an event) carries in AsyncLocalStorage. */
export type RequestContextStore = ClsStore & {
  correlationId?: string;
  /** The signed-in caller the gateway's session guard resolved. */
  user?: SessionUser;
};

const cls = () => ClsServiceManager.getClsService<RequestContextStore>();

/**
 * The request context (nestjs-cls over AsyncLocalStorage): set by the gateway's middleware and session guard,
 * carried to services in the RPC envelope and on events, read by the logger and the service clients.
 * Nothing passes the correlation id or the acting user down by hand.
 */
export const RequestContext = {
  correlationId: (): string | undefined => (cls().isActive() ? cls().get('correlationId') : undefined),
  user: (): SessionUser | undefined => (cls().isActive() ? cls().get('user') : undefined),
  /** Sets the acting user of the current context (the gateway's session guard). */
  setUser: (user: SessionUser): void => cls().set('user', user),
  /**
   * Makes a new context holding `values` current for the rest of this synchronous run and everything it starts
   * (the RPC guard: Nest gives it no callback to wrap).
   */
  enter: (values: Pick<RequestContextStore, 'correlationId' | 'user'>): void =>
    cls().enterWith({ ...values }),
  /** Runs `work` in a new context holding `values` (HTTP requests, event handlers, background jobs, tests). */
  run: <T>(values: Pick<RequestContextStore, 'correlationId' | 'user'>, work: () => T): T =>
    cls().runWith({ ...values }, work),
};
