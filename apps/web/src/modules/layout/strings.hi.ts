import type { Catalogue } from '@web/shared/i18n/catalogue';
import type { layoutStrings } from './strings';

export const layoutStringsHi: Catalogue<typeof layoutStrings> = {
  brand: 'Streamly',
  homeLink: 'Streamly होम',
  signIn: 'साइन इन',
  account: { dashboard: 'मेरा Streamly', adminDashboard: 'एडमिन', logout: 'लॉग आउट' },
  header: {
    nav: { movies: 'फ़िल्में', tvShows: 'टीवी शो', myList: 'मेरी सूची', admin: 'एडमिन', primary: 'ब्राउज़ करें' },
    searchLabel: 'टाइटल खोजें',
    searchPlaceholder: 'टाइटल खोजें',
    profile: 'खाता',
  },
  footerNav: 'फ़ुटर',
  footerQuestions: 'कोई सवाल?',
  footerContact: 'हमसे संपर्क करें',
  groups: { company: 'कंपनी', support: 'सहायता', legal: 'क़ानूनी' },
  links: {
    aboutUs: 'हमारे बारे में',
    careers: 'करियर',
    press: 'प्रेस',
    corporateInformation: 'कॉर्पोरेट जानकारी',
    helpCenter: 'सहायता केंद्र',
    contactUs: 'संपर्क करें',
    privacyPolicy: 'गोपनीयता नीति',
    termsOfUse: 'उपयोग की शर्तें',
    cookiePreferences: 'कुकी प्राथमिकताएँ',
  },
  copyright: '© {{year}} Streamly. क़ीमतें भारतीय रुपये (₹) में।',
};
