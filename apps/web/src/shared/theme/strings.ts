import { type Theme, Themes } from './theme';

export const themeStrings = {
  switchTo: (theme: Theme) => (theme === Themes.Light ? 'Switch to light theme' : 'Switch to dark theme'),
} as const;
