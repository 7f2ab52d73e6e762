/** Texts of the Coming soon row (issue 28). */
export const comingSoonStrings = {
  heading: 'Coming soon',
  /** When it goes live, in India time. */
  when: (date: string) => `Coming ${date}`,
  remindMe: 'Remind me',
  reminding: 'Reminder set',
  remindLabel: (title: string) => `Remind me when ${title} is out`,
  remindFailed: 'Could not change the reminder. Please try again.',
  kinds: { movie: 'Film', series: 'Series' },
} as const;
