export type AdminTab = 'catalogue' | 'tv-shows' | 'payments' | 'promos';

export const adminDashboardStrings = {
  title: 'Admin',
  tabsLabel: 'Admin sections',
  tabs: {
    catalogue: 'Movies & Users',
    'tv-shows': 'TV Shows',
    payments: 'Payments',
    promos: 'Promo codes',
  } satisfies Record<AdminTab, string>,
} as const;
