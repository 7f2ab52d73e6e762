import type { Catalogue } from '@web/shared/i18n/catalogue';
import type { comingSoonStrings } from './strings';

export const comingSoonStringsHi: Catalogue<typeof comingSoonStrings> = {
  heading: 'जल्द आ रहा है',
  when: '{{date}} IST को आ रहा है',
  remindMe: 'मुझे याद दिलाएँ',
  reminding: 'रिमाइंडर सेट है',
  remindLabel: '{{title}} आने पर मुझे याद दिलाएँ',
  remindFailed: 'रिमाइंडर नहीं बदला जा सका। कृपया फिर से कोशिश करें।',
  kinds: { movie: 'फ़िल्म', series: 'सीरीज़' },
};
