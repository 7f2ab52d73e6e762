import type { Catalogue } from '@web/shared/i18n/catalogue';
import type { uiStrings } from './strings';

export const uiStringsHi: Catalogue<typeof uiStrings> = {
  close: 'बंद करें',
  showPassword: 'पासवर्ड दिखाएँ',
  hidePassword: 'पासवर्ड छिपाएँ',
  previous: 'पिछला',
  next: 'अगला',
  pageOf: 'पृष्ठ {{page}} / {{pages}}',
  switchLanguage: 'इंटरफ़ेस {{language}} में दिखाएँ',
};
