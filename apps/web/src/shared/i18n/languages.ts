/** The interface languages (issue 26): English (SPEC's texts) and Hindi. */
export const Languages = { English: 'en', Hindi: 'hi' } as const;
export type Language = (typeof Languages)[keyof typeof Languages];

export const LANGUAGES: readonly Language[] = [Languages.English, Languages.Hindi];

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/** The locale dates and money are written in: Indian English and Hindi (₹ with Indian digit grouping). */
export const LOCALES: Record<Language, string> = { en: 'en-IN', hi: 'hi-IN' };

/** Each language named in itself, for the switch. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', hi: 'हिन्दी' };

export const LANGUAGE_STORAGE_KEY = 'streamly.language';

/** The visitor's choice if they made one, else Hindi when the browser asks for it first among ours, else English. */
export const initialLanguage = (stored: string | null, browser: readonly string[]): Language => {
  if (isLanguage(stored)) return stored;
  for (const tag of browser) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return Languages.English;
};

export const readStoredLanguage = (): string | null => {
  try {
    return window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
};

export const storeLanguage = (language: Language) => {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Private mode: the choice holds for this visit only.
  }
};
