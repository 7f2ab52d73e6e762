export const Themes = { Dark: 'dark', Light: 'light' } as const;
export type Theme = (typeof Themes)[keyof typeof Themes];

export const DEFAULT_THEME: Theme = Themes.Dark;
export const THEME_STORAGE_KEY = 'theme';

export const isTheme = (value: unknown): value is Theme => value === Themes.Dark || value === Themes.Light;

/** The saved theme, or dark. Storage can be unavailable (privacy modes) or hold junk: both mean the default. */
export const readStoredTheme = (): Theme => {
  try {
    const stored = window.localStorage.getItem(THEME_STORAGE_KEY);
    return isTheme(stored) ? stored : DEFAULT_THEME;
  } catch {
    return DEFAULT_THEME;
  }
};

export const storeTheme = (theme: Theme): void => {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Not persisted when storage is unavailable; the choice still holds for this visit.
  }
};

/** Every colour in the app is a CSS variable keyed off this attribute (see theme.css). */
export const applyTheme = (theme: Theme): void => {
  document.documentElement.dataset.theme = theme;
};

export const oppositeTheme = (theme: Theme): Theme => (theme === Themes.Dark ? Themes.Light : Themes.Dark);
