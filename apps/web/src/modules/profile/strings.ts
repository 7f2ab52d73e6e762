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
    billing: 'Billing',
    analytics: 'Analytics',
    settings: 'Settings',
    privacy: 'Privacy',
  },
} as const;

export type ProfileTab = keyof typeof profileStrings.tabs;
export const PROFILE_TABS = Object.keys(profileStrings.tabs) as ProfileTab[];
