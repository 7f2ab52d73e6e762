export type AdminTab = 'catalogue' | 'tv-shows' | 'payments' | 'promos' | 'insights';

/** Texts of the admin dashboard's page (namespace `adminDashboard`, issue 26). */
export const adminDashboardStrings = {
  title: 'Admin',
  tabsLabel: 'Admin sections',
  tabs: {
    catalogue: 'Movies & Users',
    'tv-shows': 'TV Shows',
    payments: 'Payments',
    promos: 'Promo codes',
    insights: 'Insights',
  } satisfies Record<AdminTab, string>,
} as const;
