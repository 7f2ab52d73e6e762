import { ApiRequestError } from '@web/shared/api/api-request-error';

type Fallbacks = {
  /** When the server answered without a message of its own (SPEC 8: "the server message or …"). */
  fallback: string;
  /** When the server could not be reached at all. */
  network: string;
};

/** The text a form shows for a failed call. */
export const messageFor = (error: unknown, { fallback, network }: Fallbacks): string => {
  if (error instanceof ApiRequestError) return error.fromServer && error.message ? error.message : fallback;
  return network;
};
