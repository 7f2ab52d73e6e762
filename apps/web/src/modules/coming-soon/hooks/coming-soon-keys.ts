export const comingSoonKeys = {
  all: ['coming-soon'] as const,
  list: () => [...comingSoonKeys.all, 'list'] as const,
  reminders: () => [...comingSoonKeys.all, 'reminders'] as const,
};
