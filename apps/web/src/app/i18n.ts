import type { CatalogueLoaders } from '@web/shared/i18n/catalogue';
import { layoutStrings } from '@web/modules/layout/strings';
import { landingStrings } from '@web/modules/landing/strings';
import { pageStrings } from '@web/pages/strings';
import { themeStrings } from '@web/shared/theme/strings';
import { uiStrings } from '@web/shared/ui/strings';

/**
 * Every namespace of the interface's texts (issue 26): its English catalogue (the `strings.ts` beside the
 * module, SPEC's texts) and its Hindi translation (`strings.hi.ts`, typed by `Catalogue` so a missing key does
 * not compile). Each loads as its own chunk on first use; a namespace without `hi` shows English.
 */
export const catalogueLoaders = {
  // Bundled with the entry: every page's header and footer, and the landing page (see `preloadedEnglish`).
  ui: {
    en: async () => uiStrings,
    hi: () => import('@web/shared/ui/strings.hi').then((m) => m.uiStringsHi),
  },
  theme: {
    en: async () => themeStrings,
    hi: () => import('@web/shared/theme/strings.hi').then((m) => m.themeStringsHi),
  },
  layout: {
    en: async () => layoutStrings,
  },
  pages: {
    en: async () => pageStrings,
  },
  landing: {
    en: async () => landingStrings,
  },
  // Loaded with the screens that use them.
  adminDashboard: {
    en: () => import('@web/pages/admin-dashboard-strings').then((m) => m.adminDashboardStrings),
  },
  auth: {
    en: () => import('@web/modules/auth/strings').then((m) => m.authStrings),
  },
  browse: {
    en: () => import('@web/modules/movies/browse-strings').then((m) => m.browseStrings),
  },
  detail: {
    en: () => import('@web/modules/movies/browse-strings').then((m) => m.detailStrings),
  },
  catalogue: {
    en: () => import('@web/modules/movies/browse-strings').then((m) => m.catalogueStrings),
  },
  movie: {
    en: () => import('@web/modules/movies/strings').then((m) => m.movieStrings),
  },
  comingSoon: {
    en: () => import('@web/modules/coming-soon/strings').then((m) => m.comingSoonStrings),
  },
  contact: {
    en: () => import('@web/modules/contact/strings').then((m) => m.contactStrings),
  },
  parental: {
    en: () => import('@web/modules/parental/strings').then((m) => m.parentalStrings),
  },
  payments: {
    en: () => import('@web/modules/payments/strings').then((m) => m.paymentStrings),
  },
  player: {
    en: () => import('@web/modules/player/strings').then((m) => m.playerStrings),
  },
  profile: {
    en: () => import('@web/modules/profile/strings').then((m) => m.profileStrings),
  },
  devices: {
    en: () => import('@web/modules/profile/strings').then((m) => m.deviceStrings),
  },
  profiles: {
    en: () => import('@web/modules/profiles/strings').then((m) => m.profileStrings),
  },
  recommendations: {
    en: () => import('@web/modules/recommendations/strings').then((m) => m.recommendationStrings),
  },
  series: {
    en: () => import('@web/modules/series/strings').then((m) => m.seriesStrings),
  },
  userData: {
    en: () => import('@web/modules/user-data/strings').then((m) => m.userDataStrings),
  },
  adminInsights: {
    en: async () => (await import('@web/modules/admin-insights/strings')).insightsStrings,
    hi: () => import('@web/modules/admin-insights/strings.hi').then((m) => m.insightsStringsHi),
  },
  adminMovies: {
    en: async () => (await import('@web/modules/admin-movies/strings')).adminMovieStrings,
    hi: () => import('@web/modules/admin-movies/strings.hi').then((m) => m.adminMovieStringsHi),
  },
  adminPayments: {
    en: async () => (await import('@web/modules/admin-payments/strings')).adminPaymentsStrings,
    hi: () => import('@web/modules/admin-payments/strings.hi').then((m) => m.adminPaymentsStringsHi),
  },
  adminPromos: {
    en: async () => (await import('@web/modules/admin-promos/strings')).adminPromoStrings,
    hi: () => import('@web/modules/admin-promos/strings.hi').then((m) => m.adminPromoStringsHi),
  },
  adminSeries: {
    en: async () => (await import('@web/modules/admin-series/strings')).adminSeriesStrings,
    hi: () => import('@web/modules/admin-series/strings.hi').then((m) => m.adminSeriesStringsHi),
  },
  adminUsers: {
    en: async () => (await import('@web/modules/admin-users/strings')).adminUsersStrings,
    hi: () => import('@web/modules/admin-users/strings.hi').then((m) => m.adminUsersStringsHi),
  },
} satisfies CatalogueLoaders;

export type Namespace = keyof typeof catalogueLoaders;

/** English of the namespaces every first page shows: in the entry chunk, so nothing waits for them. */
export const preloadedEnglish = {
  ui: uiStrings,
  theme: themeStrings,
  layout: layoutStrings,
  pages: pageStrings,
  landing: landingStrings,
} satisfies Partial<Record<Namespace, object>>;

type Resources = { [N in Namespace]: Awaited<ReturnType<(typeof catalogueLoaders)[N]['en']>> };

declare module 'i18next' {
  // Augmenting i18next's own interface types `t` with our keys; a type alias cannot merge into it.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface CustomTypeOptions {
    defaultNS: 'ui';
    resources: Resources;
  }
}
