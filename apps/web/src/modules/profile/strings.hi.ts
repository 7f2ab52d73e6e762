import type { Catalogue } from '@web/shared/i18n/catalogue';
import type { deviceStrings, profileStrings } from './strings';

export const profileStringsHi: Catalogue<typeof profileStrings> = {
  title: 'आपकी प्रोफ़ाइल',
  memberSince: '{{date}} से सदस्य',
  notKnown: 'उपलब्ध नहीं',
  avatarAlt: '{{username}} की प्रोफ़ाइल फ़ोटो',
  tabsLabel: 'प्रोफ़ाइल के सेक्शन',
  tabs: {
    history: 'देखने का इतिहास',
    favorites: 'पसंदीदा',
    subscription: 'सदस्यता',
    'my-titles': 'मेरे टाइटल',
    billing: 'बिलिंग',
    analytics: 'एनालिटिक्स',
    settings: 'सेटिंग्स',
    privacy: 'प्राइवेसी',
    devices: 'डिवाइस',
    parental: 'पैरेंटल कंट्रोल',
  },
  language: {
    title: 'इंटरफ़ेस की भाषा',
    hint: 'तुरंत लागू होती है, हर उस डिवाइस पर जहाँ आप साइन इन करते हैं; आपके ईमेल भी इसी भाषा में आते हैं।',
  },
};

export const deviceStringsHi: Catalogue<typeof deviceStrings> = {
  lead: 'ये डिवाइस आपके अकाउंट में साइन इन हैं। जिन्हें आप नहीं पहचानते, उन्हें साइन आउट करें, फिर अपना पासवर्ड बदलें।',
  loading: 'आपके डिवाइस लोड हो रहे हैं…',
  loadFailed: 'आपके डिवाइस लोड नहीं हो सके।',
  tryAgain: 'फिर से कोशिश करें',
  listLabel: 'साइन-इन किए हुए डिवाइस',
  thisDevice: 'यह डिवाइस',
  firstSeen: '{{when}} को साइन इन किया',
  lastSeen: 'आख़िरी बार सक्रिय: {{when}}',
  signOut: 'साइन आउट करें',
  signOutLabel: '{{label}} को साइन आउट करें',
  signOutOthers: 'बाक़ी सभी डिवाइस साइन आउट करें',
  onlyThisDevice: 'कोई दूसरा डिवाइस साइन इन नहीं है।',
  confirmTitle: 'इस डिवाइस को साइन आउट करें?',
  confirmText:
    '{{label}} साइन आउट हो जाएगा और उस पर जो भी चल रहा है, रुक जाएगा। वहाँ फिर से साइन इन करने के लिए आपका पासवर्ड चाहिए होगा।',
  confirmOthersTitle: 'बाक़ी सभी डिवाइस साइन आउट करें?',
  confirmOthersText: 'इस डिवाइस को छोड़कर हर डिवाइस साइन आउट हो जाएगा और उन पर जो भी चल रहा है, रुक जाएगा।',
  confirm: 'साइन आउट करें',
  cancel: 'रद्द करें',
  signingOut: 'साइन आउट हो रहा है…',
  signOutFailed: 'डिवाइस साइन आउट नहीं हो सका। कृपया फिर से कोशिश करें।',
};
