import type { Catalogue } from '@web/shared/i18n/catalogue';
import type { pageStrings } from './strings';

export const pageStringsHi: Catalogue<typeof pageStrings> = {
  documentTitle: '{{title}} · Streamly',
  backHome: 'होम पर वापस जाएँ',
  unexpectedError: 'ऐप में अनपेक्षित गड़बड़ी!',
  unexpectedErrorLine: 'हमारी ओर से कुछ गड़बड़ हो गई। कृपया थोड़ी देर में फिर से कोशिश करें।',
  footerTitle: 'साइट के लिंक',
  loading: 'लोड हो रहा है…',
};
