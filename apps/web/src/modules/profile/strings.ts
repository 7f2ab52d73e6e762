/** Texts of /userprofile (SPEC 2 "User profile"). */
export const profileStrings = {
  title: 'Your profile',
  memberSince: (date: string) => `Member since ${date}`,
  notKnown: 'N/A',
  avatarAlt: (username: string) => `Profile picture of ${username}`,
  tabsLabel: 'Profile sections',
  tabs: {
    history: 'Watch History',
    favorites: 'Favorites',
    subscription: 'Subscription',
    'my-titles': 'My titles',
    analytics: 'Analytics',
    settings: 'Settings',
  },
  comingSoon: 'Coming soon',
  comingSoonLines: {
    history: 'Your watch history is on its way.',
    favorites: 'Your favorites are on their way.',
    analytics: 'Charts of your viewing are on their way.',
    settings: 'Notification and playback settings are on their way.',
  },
} as const;

export type ProfileTab = keyof typeof profileStrings.tabs;
export const PROFILE_TABS = Object.keys(profileStrings.tabs) as ProfileTab[];
