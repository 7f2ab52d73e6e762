/** The sections of /userprofile, in their order, each chosen by `?tab=` (SPEC 2, DECISIONS 22, 32). */
export const PROFILE_TABS = [
  'history',
  'favorites',
  'subscription',
  'my-titles',
  'billing',
  'analytics',
  'settings',
  'privacy',
  'devices',
  'parental',
] as const;

export type ProfileTab = (typeof PROFILE_TABS)[number];
