/** Texts the UI primitives show on their own. */
export const uiStrings = {
  close: 'Close',
  showPassword: 'Show password',
  hidePassword: 'Hide password',
  previous: 'Previous',
  next: 'Next',
  pageOf: (page: number, pages: number) => `Page ${page} of ${pages}`,
} as const;
