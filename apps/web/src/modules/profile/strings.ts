/** Texts of /userprofile (namespace `profile`, SPEC 2 "User profile"). */
export const profileStrings = {
  title: 'Your profile',
  memberSince: 'Member since {{date}}',
  notKnown: 'N/A',
  avatarAlt: 'Profile picture of {{username}}',
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
    devices: 'Devices',
    parental: 'Parental controls',
  },
  /** The interface language, in the Settings tab (issue 26): saved to the account, whose mails are written in it. */
  language: {
    title: 'Interface language',
    hint: 'Applies at once, on every device you sign in on; your emails use it too.',
  },
} as const;

/** Profile → Devices (namespace `devices`, issue 27): the account's signed-in devices. */
export const deviceStrings = {
  lead: 'These devices are signed in to your account. Sign out any you do not recognise, then change your password.',
  loading: 'Loading your devices…',
  loadFailed: 'Your devices could not be loaded.',
  tryAgain: 'Try again',
  listLabel: 'Signed-in devices',
  thisDevice: 'This device',
  firstSeen: 'Signed in {{when}}',
  lastSeen: 'Last active {{when}}',
  signOut: 'Sign out',
  signOutLabel: 'Sign out {{label}}',
  signOutOthers: 'Sign out all other devices',
  onlyThisDevice: 'No other device is signed in.',
  confirmTitle: 'Sign out this device?',
  confirmText:
    '{{label}} will be signed out, and anything playing on it stops. Signing in again there needs your password.',
  confirmOthersTitle: 'Sign out all other devices?',
  confirmOthersText: 'Every device but this one will be signed out, and anything playing on them stops.',
  confirm: 'Sign out',
  cancel: 'Cancel',
  signingOut: 'Signing out…',
  signOutFailed: 'The device could not be signed out. Please try again.',
} as const;
