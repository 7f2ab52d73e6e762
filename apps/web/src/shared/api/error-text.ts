import i18next from 'i18next';
import { currentLanguage } from '@web/shared/i18n/i18n';
import { Languages } from '@web/shared/i18n/languages';
import { ApiRequestError } from './api-request-error';

/** The `errors` namespace (error-strings.ts): the server's English texts, and their translations. */
export const ERRORS_NAMESPACE = 'errors';

type Keys = Map<string, string>;
/** Each English text's key, per loaded English catalogue (a reload of it gets its own). */
const keysByCatalogue = new WeakMap<object, Keys>();

const keysOf = (catalogue: Record<string, Record<string, string>>): Keys => {
  let keys = keysByCatalogue.get(catalogue);
  if (!keys) {
    keys = new Map();
    for (const [group, texts] of Object.entries(catalogue))
      for (const [name, text] of Object.entries(texts))
        if (!keys.has(text)) keys.set(text, `${group}.${name}`);
    keysByCatalogue.set(catalogue, keys);
  }
  return keys;
};

/**
 * Issue 26: the API answers codes and English texts; a text the catalogue knows is shown in the language chosen.
 * One it does not know (or before the catalogue has loaded) stays as the server sent it.
 */
export const inLanguageShown = (message: string): string => {
  const english = i18next.getResourceBundle(Languages.English, ERRORS_NAMESPACE) as
    Record<string, Record<string, string>> | undefined;
  const key = english ? keysOf(english).get(message) : undefined;
  if (!key) return message;
  const translated: unknown = i18next.getResource(currentLanguage(), ERRORS_NAMESPACE, key);
  return typeof translated === 'string' ? translated : message;
};

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
 * proxy's status line), in the language shown when they are known, else the screen's fallback, or its network
 * text when no answer came at all.
 */
export const errorText = (error: unknown, options: ErrorTextOptions): string => {
  const { showServerText = () => true } = options;
  if (error instanceof ApiRequestError && error.fromServer && error.message && showServerText(error))
    return inLanguageShown(error.message);
  if (perStatus(options))
    return error instanceof ApiRequestError ? options.fallback(error.status) : options.network;
  return error instanceof ApiRequestError ? options.fallback : (options.network ?? options.fallback);
};
