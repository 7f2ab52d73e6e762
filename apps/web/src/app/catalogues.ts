import type { CatalogueLoaders } from '@web/shared/i18n/catalogue';

/**
 * The namespaces loaded with the screens that use them (issue 26), each language's catalogue its own chunk. This
 * table is a chunk of its own as well, fetched with the first of them: the landing page's first script holds only
 * their names (i18n.ts), not these loaders.
 */
export const laterCatalogues = {
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
