import { ApiRequestError } from './api-request-error';

type ErrorTextOptions = {
  /**
   * Which of the gateway's answers have their own text shown (SPEC 8: "the server message or …"): every one by
   * default; a screen that shows only the reasons a user can act on names them.
   */
  showServerText?: (error: ApiRequestError) => boolean;
} & (
  | {
      /** The text of a failed answer whose own text is not shown (or that has none). */
      fallback: string;
      /** When no answer came (the server could not be reached); `fallback` when not given. */
      network?: string;
    }
  | { fallback: (status: number) => string; network: string }
);

type PerStatus = Extract<ErrorTextOptions, { fallback: (status: number) => string }>;
const perStatus = (options: ErrorTextOptions): options is PerStatus => typeof options.fallback === 'function';

/**
 * The one text a screen shows for a failed call: the gateway's own words where it gave some for users (never a
 * proxy's status line), else the screen's fallback, or its network text when no answer came at all.
 */
export const errorText = (error: unknown, options: ErrorTextOptions): string => {
  const { showServerText = () => true } = options;
  if (error instanceof ApiRequestError && error.fromServer && error.message && showServerText(error))
    return error.message;
  if (perStatus(options))
    return error instanceof ApiRequestError ? options.fallback(error.status) : options.network;
  return error instanceof ApiRequestError ? options.fallback : (options.network ?? options.fallback);
};
