/** Texts of the theme switch (namespace `theme`, issue 26): English, the catalogue every language translates. */
export const themeStrings = {
  switchToLight: 'Switch to light theme',
  switchToDark: 'Switch to dark theme',
} as const;
