import type { Catalogue } from '@web/shared/i18n/catalogue';
import type { movieStrings } from './strings';

export const movieStringsHi: Catalogue<typeof movieStrings> = {
  loading: 'फ़िल्में लोड हो रही हैं...',
  failed: 'फ़िल्में नहीं मिल सकीं',
  tryAgain: 'फिर से कोशिश करें',
  retrying: 'फिर से कोशिश हो रही है...',
  empty: 'अभी दिखाने के लिए कोई फ़िल्म नहीं है। नए टाइटल जल्द आ रहे हैं।',
  watchNow: 'अभी देखें',
  watchNowTitle: 'अभी देखें: {{title}}',
  ratingUnknown: 'उपलब्ध नहीं',
  ratingLabel: 'रेटिंग',
  posterAlt: '{{title}} का पोस्टर',
};
