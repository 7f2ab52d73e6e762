/** Texts the UI primitives show on their own. */
export const uiStrings = {
  close: 'Close',
  showPassword: 'Show password',
  hidePassword: 'Hide password',
} as const;
