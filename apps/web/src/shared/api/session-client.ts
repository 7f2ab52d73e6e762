import type { ApiClient, RouteCall, UntypedCall } from './api-client';
import { ApiRequestError } from './api-request-error';

export type ClientSession = {
  /** The signed-in token, or null for a visitor. */
  getToken: () => string | null;
  /** A call that carried a token was answered 401: the session is over (expired, revoked, or the user removed). */
  onUnauthorized: () => void;
};

/**
 * The app's client while someone may be signed in: every call carries `Authorization: Bearer <token>`
 * unless it names its own token, and a 401 to a call that carried one ends the session.
 */
export const withSession = (client: ApiClient, session: ClientSession): ApiClient => {
  const send = client.call as UntypedCall;
  const call: UntypedCall = async (route, input, options = {}) => {
    const token = options.token === undefined ? session.getToken() : options.token;
    try {
      return await send(route, input, { ...options, token });
    } catch (error) {
      if (token && !options.keepSession && error instanceof ApiRequestError && error.status === 401)
        session.onUnauthorized();
      throw error;
    }
  };
  return { call: call as RouteCall };
};
