/** Texts of the Coming soon row (issue 28; namespace `comingSoon`, issue 26). */
export const comingSoonStrings = {
  heading: 'Coming soon',
  /** When it goes live, in India time: the date comes formatted in the language shown. */
  when: 'Coming {{date}} IST',
  remindMe: 'Remind me',
  reminding: 'Reminder set',
  remindLabel: 'Remind me when {{title}} is out',
  remindFailed: 'Could not change the reminder. Please try again.',
  kinds: { movie: 'Film', series: 'Series' },
} as const;
