/** Texts the UI primitives show on their own (namespace `ui`, issue 26). */
export const uiStrings = {
  close: 'Close',
  showPassword: 'Show password',
  hidePassword: 'Hide password',
  previous: 'Previous',
  next: 'Next',
  pageOf: 'Page {{page}} of {{pages}}',
  /** The language switch: names the language it switches to, in that language ("हिन्दी"). */
  switchLanguage: 'Show the interface in {{language}}',
} as const;
