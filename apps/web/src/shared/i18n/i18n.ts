import i18next, { type i18n as I18n } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import type { CatalogueLoaders } from './catalogue';
import { isLanguage, LANGUAGES, Languages, type Language, LOCALES } from './languages';

type StartOptions = {
  language: Language;
  /** English catalogues bundled with the entry (the header's, the landing page's): no wait for them. */
  preloaded?: Record<string, object>;
  /** Tests: a text asked for that no catalogue holds throws, so the test fails. */
  strict?: boolean;
};

/** The language the interface shows now (English until i18next has started). */
export const currentLanguage = (): Language =>
  isLanguage(i18next.resolvedLanguage) ? i18next.resolvedLanguage : Languages.English;

/** The locale of the language shown now, for `Intl` (dates, money, numbers). */
export const currentLocale = (): string => LOCALES[currentLanguage()];

/** Devanagari glyphs come from Noto Sans Devanagari, fetched only for Hindi. */
const loadDevanagariFont = () =>
  Promise.all([
    import('@fontsource/noto-sans-devanagari/400.css'),
    import('@fontsource/noto-sans-devanagari/600.css'),
  ]);

/** How long Hindi waits for its font before it is shown anyway. */
const FONT_WAIT_MS = 1_500;

/**
 * Before a language is shown: for Hindi, its font's rules and Devanagari file, within FONT_WAIT_MS. Text drawn
 * before the rules arrived could keep the empty boxes of a system without Devanagari fonts (buttons, inputs and
 * some links did in Chromium), so the switch and the first page wait for them.
 */
export const prepareLanguage = async (language: string): Promise<void> => {
  if (language !== Languages.Hindi || typeof document === 'undefined') return;
  // Both weights the app draws (bold takes the 600 face): a weight fetched only once it is drawn came too late.
  const ready = loadDevanagariFont().then(() =>
    Promise.all(
      ['400', '600'].map((weight) => document.fonts?.load(`${weight} 1em "Noto Sans Devanagari"`, 'हिन्दी')),
    ),
  );
  await Promise.race([
    ready.catch(() => undefined),
    new Promise((resolve) => setTimeout(resolve, FONT_WAIT_MS)),
  ]);
};

const showLanguage = (language: string) => {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = language;
  // Switched without prepareLanguage (a test): the font still comes.
  if (language === Languages.Hindi) void loadDevanagariFont().catch(() => undefined);
};

/**
 * Starts i18next (issue 26) over the app's catalogues: each namespace's English and Hindi load lazily, on first
 * use, as their own chunks; a text Hindi lacks falls back to English. Every visible string goes through it.
 */
export const startI18n = async (
  loaders: CatalogueLoaders,
  { language, preloaded = {}, strict = false }: StartOptions,
): Promise<I18n> => {
  await prepareLanguage(language);
  const instance = i18next
    .use(
      resourcesToBackend(async (lng: string, namespace: string) => {
        const entry = loaders[namespace];
        if (!entry) throw new Error(`no catalogue for the namespace "${namespace}"`);
        // A language we do not have: nothing here, so i18next falls back to English.
        return isLanguage(lng) ? entry[lng]() : {};
      }),
    )
    .use(initReactI18next);
  await instance.init({
    lng: language,
    fallbackLng: Languages.English,
    supportedLngs: [...LANGUAGES],
    load: 'languageOnly',
    ns: Object.keys(preloaded),
    // The UI primitives' texts (shared/ui/strings.ts): what `useTranslation()` without a namespace reads.
    defaultNS: 'ui',
    partialBundledLanguages: true,
    resources: { [Languages.English]: preloaded },
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
    ...(strict
      ? {
          saveMissing: true,
          missingKeyHandler: (_languages: readonly string[], namespace: string, key: string) => {
            throw new Error(`no text for "${namespace}:${key}" in any catalogue`);
          },
        }
      : {}),
  });
  instance.on('languageChanged', showLanguage);
  showLanguage(instance.language);
  return instance;
};
