import type { Catalogue } from '@web/shared/i18n/catalogue';
import type { adminDashboardStrings } from './admin-dashboard-strings';

export const adminDashboardStringsHi: Catalogue<typeof adminDashboardStrings> = {
  title: 'एडमिन',
  tabsLabel: 'एडमिन सेक्शन',
  tabs: {
    catalogue: 'फ़िल्में और यूज़र',
    'tv-shows': 'टीवी शो',
    payments: 'भुगतान',
    promos: 'प्रोमो कोड',
    insights: 'इनसाइट्स',
  },
};
