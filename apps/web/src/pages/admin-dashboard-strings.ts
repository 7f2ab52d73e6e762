export type AdminTab = 'catalogue' | 'tv-shows' | 'payments';

export const adminDashboardStrings = {
  title: 'Admin',
  tabsLabel: 'Admin sections',
  tabs: { catalogue: 'Movies & Users', 'tv-shows': 'TV Shows', payments: 'Payments' } satisfies Record<
    AdminTab,
    string
  >,
} as const;
