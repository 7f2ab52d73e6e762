export const adminDashboardStrings = {
  title: 'Admin',
  logout: 'Logout',
} as const;
