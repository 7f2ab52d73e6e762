import type { CatalogueEntry, CatalogueLoaders } from '@web/shared/i18n/catalogue';
import { layoutStrings } from '@web/modules/layout/strings';
import { landingStrings } from '@web/modules/landing/strings';
import { pageStrings } from '@web/pages/strings';
import { themeStrings } from '@web/shared/theme/strings';
import { uiStrings } from '@web/shared/ui/strings';
import type { laterCatalogues } from './catalogues';

/** The namespaces of every page's header and footer, and of the landing page: English bundled with the entry. */
const entryCatalogues = {
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
} satisfies CatalogueLoaders;

type LaterNamespace = keyof typeof laterCatalogues;

/** The namespaces of catalogues.ts, each once: the type makes a missing or an unknown one a compile error. */
const laterNamespaces: Record<LaterNamespace, true> = {
  errors: true,
  adminDashboard: true,
  auth: true,
  browse: true,
  detail: true,
  catalogue: true,
  movie: true,
  comingSoon: true,
  contact: true,
  company: true,
  parental: true,
  payments: true,
  player: true,
  profile: true,
  devices: true,
  profiles: true,
  recommendations: true,
  series: true,
  userData: true,
  adminInsights: true,
  adminMovies: true,
  adminPayments: true,
  adminPromos: true,
  adminSeries: true,
  adminUsers: true,
};

/** A namespace of catalogues.ts: its loaders come with that table's chunk, on the namespace's first use. */
const later = (namespace: LaterNamespace): CatalogueEntry => ({
  en: async () => (await import('./catalogues')).laterCatalogues[namespace].en(),
  hi: async () => (await import('./catalogues')).laterCatalogues[namespace].hi(),
});

type AllCatalogues = typeof entryCatalogues & typeof laterCatalogues;
export type Namespace = keyof AllCatalogues;

/**
 * Every namespace of the interface's texts (issue 26): its English catalogue (the `strings.ts` beside the
 * module, SPEC's texts) and its Hindi translation (`strings.hi.ts`, typed by `Catalogue` so a missing key does
 * not compile). Each loads as its own chunk on first use (the entry's English excepted, see `preloadedEnglish`);
 * a text Hindi lacks falls back to English.
 */
export const catalogueLoaders: Record<Namespace, CatalogueEntry> = {
  ...entryCatalogues,
  ...(Object.fromEntries(
    (Object.keys(laterNamespaces) as LaterNamespace[]).map((namespace) => [namespace, later(namespace)]),
  ) as Record<LaterNamespace, CatalogueEntry>),
};

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
  [N in Namespace]: Catalogued<Awaited<ReturnType<AllCatalogues[N]['en']>>>;
};

declare module 'i18next' {
  // Augmenting i18next's own interface types `t` with our keys; a type alias cannot merge into it.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface CustomTypeOptions {
    defaultNS: 'ui';
    resources: Resources;
  }
}
