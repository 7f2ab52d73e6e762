import type { Catalogue } from '@web/shared/i18n/catalogue';
import type { themeStrings } from './strings';

export const themeStringsHi: Catalogue<typeof themeStrings> = {
  switchToLight: 'लाइट थीम पर जाएँ',
  switchToDark: 'डार्क थीम पर जाएँ',
};
