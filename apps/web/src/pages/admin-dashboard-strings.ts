export type AdminTab = 'catalogue' | 'payments';

export const adminDashboardStrings = {
  title: 'Admin',
  logout: 'Logout',
  tabsLabel: 'Admin sections',
  tabs: { catalogue: 'Movies & Users', payments: 'Payments' } satisfies Record<AdminTab, string>,
} as const;
