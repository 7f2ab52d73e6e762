import type { CatalogueLoaders } from '@web/shared/i18n/catalogue';
import { layoutStrings } from '@web/modules/layout/strings';
import { landingStrings } from '@web/modules/landing/strings';
import { pageStrings } from '@web/pages/strings';
import { themeStrings } from '@web/shared/theme/strings';
import { uiStrings } from '@web/shared/ui/strings';

/**
 * Every namespace of the interface's texts (issue 26): its English catalogue (the `strings.ts` beside the
 * module, SPEC's texts) and its Hindi translation (`strings.hi.ts`, typed by `Catalogue` so a missing key does
 * not compile). Each loads as its own chunk on first use; a text Hindi lacks falls back to English.
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
    hi: () => import('@web/modules/layout/strings.hi').then((m) => m.layoutStringsHi),
  },
  pages: {
    en: async () => pageStrings,
    hi: () => import('@web/pages/strings.hi').then((m) => m.pageStringsHi),
  },
  landing: {
    en: async () => landingStrings,
    hi: () => import('@web/modules/landing/strings.hi').then((m) => m.landingStringsHi),
  },
  // Loaded with the screens that use them.
  errors: {
    en: () => import('@web/shared/api/error-strings').then((m) => m.errorStrings),
    hi: () => import('@web/shared/api/error-strings.hi').then((m) => m.errorStringsHi),
  },
  adminDashboard: {
    en: () => import('@web/pages/admin-dashboard-strings').then((m) => m.adminDashboardStrings),
    hi: () => import('@web/pages/admin-dashboard-strings.hi').then((m) => m.adminDashboardStringsHi),
  },
  auth: {
    en: () => import('@web/modules/auth/strings').then((m) => m.authStrings),
    hi: () => import('@web/modules/auth/strings.hi').then((m) => m.authStringsHi),
  },
  browse: {
    en: () => import('@web/modules/movies/browse-strings').then((m) => m.browseStrings),
    hi: () => import('@web/modules/movies/browse-strings.hi').then((m) => m.browseStringsHi),
  },
  detail: {
    en: () => import('@web/modules/movies/browse-strings').then((m) => m.detailStrings),
    hi: () => import('@web/modules/movies/browse-strings.hi').then((m) => m.detailStringsHi),
  },
  catalogue: {
    en: () => import('@web/modules/movies/browse-strings').then((m) => m.catalogueStrings),
    hi: () => import('@web/modules/movies/browse-strings.hi').then((m) => m.catalogueStringsHi),
  },
  movie: {
    en: () => import('@web/modules/movies/strings').then((m) => m.movieStrings),
    hi: () => import('@web/modules/movies/strings.hi').then((m) => m.movieStringsHi),
  },
  comingSoon: {
    en: () => import('@web/modules/coming-soon/strings').then((m) => m.comingSoonStrings),
    hi: () => import('@web/modules/coming-soon/strings.hi').then((m) => m.comingSoonStringsHi),
  },
  contact: {
    en: () => import('@web/modules/contact/strings').then((m) => m.contactStrings),
    hi: () => import('@web/modules/contact/strings.hi').then((m) => m.contactStringsHi),
  },
  company: {
    en: () => import('@web/modules/company/strings').then((m) => m.companyStrings),
    hi: () => import('@web/modules/company/strings.hi').then((m) => m.companyStringsHi),
  },
  parental: {
    en: () => import('@web/modules/parental/strings').then((m) => m.parentalStrings),
    hi: () => import('@web/modules/parental/strings.hi').then((m) => m.parentalStringsHi),
  },
  payments: {
    en: () => import('@web/modules/payments/strings').then((m) => m.paymentStrings),
    hi: () => import('@web/modules/payments/strings.hi').then((m) => m.paymentStringsHi),
  },
  player: {
    en: () => import('@web/modules/player/strings').then((m) => m.playerStrings),
    hi: () => import('@web/modules/player/strings.hi').then((m) => m.playerStringsHi),
  },
  profile: {
    en: () => import('@web/modules/profile/strings').then((m) => m.profileStrings),
    hi: () => import('@web/modules/profile/strings.hi').then((m) => m.profileStringsHi),
  },
  devices: {
    en: () => import('@web/modules/profile/strings').then((m) => m.deviceStrings),
    hi: () => import('@web/modules/profile/strings.hi').then((m) => m.deviceStringsHi),
  },
  profiles: {
    en: () => import('@web/modules/profiles/strings').then((m) => m.profileStrings),
    hi: () => import('@web/modules/profiles/strings.hi').then((m) => m.profileStringsHi),
  },
  recommendations: {
    en: () => import('@web/modules/recommendations/strings').then((m) => m.recommendationStrings),
    hi: () => import('@web/modules/recommendations/strings.hi').then((m) => m.recommendationStringsHi),
  },
  series: {
    en: () => import('@web/modules/series/strings').then((m) => m.seriesStrings),
    hi: () => import('@web/modules/series/strings.hi').then((m) => m.seriesStringsHi),
  },
  userData: {
    en: () => import('@web/modules/user-data/strings').then((m) => m.userDataStrings),
    hi: () => import('@web/modules/user-data/strings.hi').then((m) => m.userDataStringsHi),
  },
  adminInsights: {
    en: () => import('@web/modules/admin-insights/strings').then((m) => m.insightsStrings),
    hi: () => import('@web/modules/admin-insights/strings.hi').then((m) => m.insightsStringsHi),
  },
  adminMovies: {
    en: () => import('@web/modules/admin-movies/strings').then((m) => m.adminMovieStrings),
    hi: () => import('@web/modules/admin-movies/strings.hi').then((m) => m.adminMovieStringsHi),
  },
  adminPayments: {
    en: () => import('@web/modules/admin-payments/strings').then((m) => m.adminPaymentsStrings),
    hi: () => import('@web/modules/admin-payments/strings.hi').then((m) => m.adminPaymentsStringsHi),
  },
  adminPromos: {
    en: () => import('@web/modules/admin-promos/strings').then((m) => m.adminPromoStrings),
    hi: () => import('@web/modules/admin-promos/strings.hi').then((m) => m.adminPromoStringsHi),
  },
  adminSeries: {
    en: () => import('@web/modules/admin-series/strings').then((m) => m.adminSeriesStrings),
    hi: () => import('@web/modules/admin-series/strings.hi').then((m) => m.adminSeriesStringsHi),
  },
  adminUsers: {
    en: () => import('@web/modules/admin-users/strings').then((m) => m.adminUsersStrings),
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

/**
 * A lazily loaded catalogue's type: `satisfies CatalogueLoaders` makes `import(…).then(…)` infer `object | X`,
 * which would leave `t` without the namespace's keys; the catalogue is the member more specific than `object`.
 */
type Catalogued<T> = T extends unknown ? (object extends T ? never : T) : never;

type Resources = {
  [N in Namespace]: Catalogued<Awaited<ReturnType<(typeof catalogueLoaders)[N]['en']>>>;
};

declare module 'i18next' {
  // Augmenting i18next's own interface types `t` with our keys; a type alias cannot merge into it.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface CustomTypeOptions {
    defaultNS: 'ui';
    resources: Resources;
  }
}
