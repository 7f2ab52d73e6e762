const dateTime = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

/** A moment as the admin screens show it ("1 Mar 2026, 3:30 pm"). */
export const when = (iso: string): string => dateTime.format(new Date(iso));
